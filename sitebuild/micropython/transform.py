"""Build the MicroPython copy of rules_pkg: an ``ast`` transform of its sources plus the shim modules.

The engine's own source is never changed: this module reads ``rules_pkg/``, rewrites what MicroPython
1.27 lacks or does differently, and writes the result (and ``.mpy`` byte code, when ``mpy-cross`` is
installed) to an output folder that holds the packages ``rules_pkg`` and ``_rpshim``.
"""

from __future__ import annotations

import ast
import shutil
import subprocess
import sys
from pathlib import Path

from . import unicode_tables

ROOT = Path(__file__).resolve().parents[2]
ENGINE = ROOT / "rules_pkg"
SHIMS = Path(__file__).resolve().with_name("shims")

#: Modules that the transformed copy takes from ``_rpshim`` instead.
SHIMMED = {name: name for name in ("json", "random", "re", "dataclasses", "marshal", "contextlib",
                                   "collections", "importlib")}
SHIMMED["collections.abc"] = "collections_abc"
DROPPED = {"__future__", "typing"}
#: Builtins replaced by a helper of ``_rpshim.rt``.
BUILTINS = {"sorted": "sorted_", "isinstance": "isinst", "repr": "repr_", "dict": "dict_"}
#: ``x.method()`` with no arguments -> ``_rt.helper(x)``.
METHODS_NO_ARGS = {"upper", "lower", "capitalize", "isupper", "islower", "isspace", "isprintable",
                   "isdigit", "bit_length", "strip", "lstrip", "rstrip", "split"}
PRELUDE = "from _rpshim import rt as _rt\nfrom collections import OrderedDict as _OD\n"


def _rt(name: str) -> ast.expr:
    return ast.Attribute(value=ast.Name("_rt", ast.Load()), attr=name, ctx=ast.Load())


def _call(func: ast.expr, *args: ast.expr) -> ast.Call:
    return ast.Call(func=func, args=list(args), keywords=[])


def _is_dataclass_decorator(node: ast.expr) -> bool:
    target = node.func if isinstance(node, ast.Call) else node
    return isinstance(target, ast.Name) and target.id == "dataclass"


def _is_classvar(annotation: ast.expr) -> bool:
    target = annotation.value if isinstance(annotation, ast.Subscript) else annotation
    return isinstance(target, ast.Name) and target.id == "ClassVar"


def _concat(elts: list[ast.expr]) -> ast.expr:
    """``[a, *b, c]`` as ``[a] + list(b) + [c]``."""
    parts: list[ast.expr] = []
    run: list[ast.expr] = []
    for e in elts:
        if isinstance(e, ast.Starred):
            if run:
                parts.append(ast.List(elts=run, ctx=ast.Load()))
                run = []
            parts.append(_call(ast.Name("list", ast.Load()), e.value))
        else:
            run.append(e)
    if run:
        parts.append(ast.List(elts=run, ctx=ast.Load()))
    out = parts[0]
    for p in parts[1:]:
        out = ast.BinOp(left=out, op=ast.Add(), right=p)
    return out


class ToMicroPython(ast.NodeTransformer):
    """Rewrites one module of rules_pkg (see the module docstring of each helper in ``shims/rt.py``)."""

    def __init__(self, module_names: set[str]):
        self.module_names = module_names  # names bound by imports: never a method receiver to rewrite

    # ---- imports and annotations ----------------------------------------------------------------
    def visit_ImportFrom(self, node: ast.ImportFrom):
        if node.level == 0 and node.module in DROPPED:
            return None
        if node.level == 0 and node.module in SHIMMED:
            node.module = "_rpshim." + SHIMMED[node.module]
        return node

    def visit_Import(self, node: ast.Import):
        names = []
        for alias in node.names:
            if alias.name in DROPPED:
                continue
            if alias.name in SHIMMED:
                alias = ast.alias(name="_rpshim." + SHIMMED[alias.name], asname=alias.asname or alias.name)
            names.append(alias)
        if not names:
            return None
        node.names = names
        return node

    def _strip_args(self, args: ast.arguments) -> None:
        for a in args.posonlyargs + args.args + args.kwonlyargs + [args.vararg, args.kwarg]:
            if a is not None:
                a.annotation = None

    def visit_FunctionDef(self, node):
        self._strip_args(node.args)
        node.returns = None
        self.generic_visit(node)
        return node

    visit_AsyncFunctionDef = visit_FunctionDef

    def visit_AnnAssign(self, node: ast.AnnAssign):
        if node.value is None:
            return None
        return ast.copy_location(ast.Assign(targets=[self.visit(node.target)], value=self.visit(node.value)),
                                 node)

    def visit_ClassDef(self, node: ast.ClassDef):
        if any(_is_dataclass_decorator(d) for d in node.decorator_list):
            fields = [s.target.id for s in node.body
                      if isinstance(s, ast.AnnAssign) and isinstance(s.target, ast.Name)
                      and not _is_classvar(s.annotation)]
            node.decorator_list = [self._dataclass(d, fields) if _is_dataclass_decorator(d) else d
                                   for d in node.decorator_list]
        self.generic_visit(node)
        if not node.body:
            node.body = [ast.Pass()]
        return node

    def _dataclass(self, decorator: ast.expr, fields: list[str]) -> ast.Call:
        call = decorator if isinstance(decorator, ast.Call) else _call(decorator)
        names = ast.Tuple(elts=[ast.Constant(f) for f in fields], ctx=ast.Load())
        call.keywords = list(call.keywords) + [ast.keyword(arg="fields", value=names)]
        return call

    def generic_visit(self, node):
        super().generic_visit(node)
        # a body left empty by a dropped import or annotation gets a ``pass``
        if isinstance(getattr(node, "body", None), list) and not node.body and not isinstance(node, ast.Module):
            node.body = [ast.Pass()]
        return node

    # ---- dicts: insertion-ordered; ``{**d}`` ----------------------------------------------------
    def visit_Dict(self, node: ast.Dict):
        self.generic_visit(node)
        if any(k is None for k in node.keys):
            items = [ast.Tuple(elts=[_rt("SPREAD") if k is None else k, v], ctx=ast.Load())
                     for k, v in zip(node.keys, node.values)]
            return ast.copy_location(_call(_rt("dbuild"), *items), node)
        if not node.keys:
            return ast.copy_location(_call(ast.Name("_OD", ast.Load())), node)
        pairs = ast.Tuple(elts=[ast.Tuple(elts=[k, v], ctx=ast.Load()) for k, v in zip(node.keys, node.values)],
                          ctx=ast.Load())
        return ast.copy_location(_call(ast.Name("_OD", ast.Load()), pairs), node)

    def visit_DictComp(self, node: ast.DictComp):
        self.generic_visit(node)
        gen = ast.GeneratorExp(elt=ast.Tuple(elts=[node.key, node.value], ctx=ast.Load()), generators=node.generators)
        return ast.copy_location(_call(ast.Name("_OD", ast.Load()), gen), node)

    # ---- ``*x`` inside list and tuple displays --------------------------------------------------
    def visit_List(self, node: ast.List):
        self.generic_visit(node)
        if isinstance(node.ctx, ast.Load) and any(isinstance(e, ast.Starred) for e in node.elts):
            return ast.copy_location(_concat(node.elts), node)
        return node

    def visit_Tuple(self, node: ast.Tuple):
        self.generic_visit(node)
        if isinstance(node.ctx, ast.Load) and any(isinstance(e, ast.Starred) for e in node.elts):
            return ast.copy_location(_call(ast.Name("tuple", ast.Load()), _concat(node.elts)), node)
        return node

    # ---- operators ------------------------------------------------------------------------------
    def visit_BinOp(self, node: ast.BinOp):
        self.generic_visit(node)
        if isinstance(node.op, ast.BitOr):
            return ast.copy_location(_call(_rt("bor"), node.left, node.right), node)
        return node

    def visit_AugAssign(self, node: ast.AugAssign):
        self.generic_visit(node)
        if isinstance(node.op, ast.BitOr):
            load = ast.fix_missing_locations(_load_copy(node.target))
            return ast.copy_location(ast.Assign(targets=[node.target], value=_call(_rt("ior"), load, node.value)),
                                     node)
        return node

    def visit_Compare(self, node: ast.Compare):
        self.generic_visit(node)
        if len(node.ops) != 1 or not isinstance(node.ops[0], (ast.Eq, ast.NotEq)):
            return node
        left, right = node.left, node.comparators[0]
        if isinstance(left, ast.Constant) or isinstance(right, ast.Constant):
            return node
        helper = "eq" if isinstance(node.ops[0], ast.Eq) else "ne"
        return ast.copy_location(_call(_rt(helper), left, right), node)

    # ---- calls: builtins and str/int methods ----------------------------------------------------
    def visit_Call(self, node: ast.Call):
        self.generic_visit(node)
        func = node.func
        if isinstance(func, ast.Name) and func.id in BUILTINS:
            if func.id == "dict" and node.keywords:
                return ast.copy_location(self._dict_call(node), node)
            node.func = _rt(BUILTINS[func.id])
        elif isinstance(func, ast.Name) and func.id == "str" and len(node.args) == 1 and not node.keywords:
            node.func = _rt("str_")
        elif (isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name) and func.value.id == "dict"
              and func.attr == "fromkeys"):
            node.func = _rt("fromkeys")
        elif isinstance(func, ast.Attribute) and not self._is_module(func.value):
            if func.attr in METHODS_NO_ARGS and not node.args and not node.keywords:
                return ast.copy_location(_call(_rt(func.attr), func.value), node)
            if func.attr == "sort":
                return ast.copy_location(ast.Call(func=_rt("sort"), args=[func.value, *node.args],
                                                  keywords=node.keywords), node)
        return node

    def visit_Subscript(self, node: ast.Subscript):
        self.generic_visit(node)
        sl = node.slice
        if isinstance(node.ctx, ast.Load) and isinstance(sl, ast.Slice) and sl.step is not None:
            none = ast.Constant(None)
            return ast.copy_location(_call(_rt("step_slice"), node.value, sl.lower or none, sl.upper or none,
                                           sl.step), node)
        return node

    def _dict_call(self, node: ast.Call) -> ast.expr:
        items = [ast.Tuple(elts=[_rt("SPREAD") if k.arg is None else ast.Constant(k.arg), k.value], ctx=ast.Load())
                 for k in node.keywords]
        built = _call(_rt("dbuild"), *items)
        if node.args:
            return _call(_rt("bor"), _call(_rt("dict_"), *node.args), built)
        return built

    def _is_module(self, node: ast.expr) -> bool:
        return isinstance(node, ast.Name) and node.id in self.module_names

    def visit_Name(self, node: ast.Name):
        if node.id == "RecursionError" and isinstance(node.ctx, ast.Load):
            return ast.copy_location(_rt("RecursionError"), node)
        return node

    # ---- f-strings: one ``"".join`` of parts, no nesting ----------------------------------------
    def visit_JoinedStr(self, node: ast.JoinedStr):
        parts = [self._fpart(v) for v in node.values]
        joined = ast.Call(func=ast.Attribute(value=ast.Constant(""), attr="join", ctx=ast.Load()),
                          args=[ast.Tuple(elts=parts, ctx=ast.Load())], keywords=[])
        return ast.copy_location(joined, node)

    def _fpart(self, value: ast.expr) -> ast.expr:
        if isinstance(value, ast.Constant):
            return value
        inner = self.visit(value.value)
        conv = {ord("r"): "repr_", ord("s"): "str_", ord("a"): None, -1: None}[value.conversion]
        if value.conversion == ord("a"):
            inner = _call(ast.Name("ascii", ast.Load()), inner)
        elif conv:
            inner = _call(_rt(conv), inner)
        if value.format_spec is not None:
            return _call(_rt("fmt"), inner, self.visit(value.format_spec))
        return inner if conv else _call(_rt("str_"), inner)


def _load_copy(target: ast.expr) -> ast.expr:
    """The target of an augmented assignment, read (a fresh node with Load contexts)."""
    return ast.parse(ast.unparse(target), mode="eval").body


def _import_names(tree: ast.Module) -> set[str]:
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names |= {(a.asname or a.name).split(".")[0] for a in node.names}
        elif isinstance(node, ast.ImportFrom):
            names |= {a.asname or a.name for a in node.names}
    return names


def transform_source(text: str, filename: str = "<rules_pkg>") -> str:
    """The MicroPython version of one module's source."""
    tree = ast.parse(text, filename)
    tree = ToMicroPython(_import_names(tree)).visit(tree)
    body = tree.body
    at = 1 if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant) else 0
    tree.body = body[:at] + ast.parse(PRELUDE).body + body[at:]
    ast.fix_missing_locations(tree)
    return ast.unparse(tree) + "\n"


def write_sources(out: Path) -> list[Path]:
    """The transformed rules_pkg and the shims (``_rpshim``) as .py files under ``out``."""
    written = []
    for src in sorted(ENGINE.rglob("*.py")):
        rel = src.relative_to(ENGINE.parent)
        if src.name == "__main__.py":  # the command line: not shipped to the browser
            continue
        dest = out / rel
        dest.parent.mkdir(parents=True, exist_ok=True)
        dest.write_text(transform_source(src.read_text(encoding="utf-8"), str(rel)), encoding="utf-8")
        written.append(dest)
    shim_dir = out / "_rpshim"
    shim_dir.mkdir(parents=True, exist_ok=True)
    for src in sorted(SHIMS.glob("*.py")):
        shutil.copyfile(src, shim_dir / src.name)
        written.append(shim_dir / src.name)
    (shim_dir / "_uni.py").write_text(unicode_tables.source(), encoding="utf-8")
    written.append(shim_dir / "_uni.py")
    return written


def mpy_cross_version() -> str | None:
    """The installed ``mpy-cross`` package's version, or None."""
    try:
        from importlib.metadata import version
        return version("mpy-cross")
    except Exception:  # noqa: BLE001 - not installed
        return None


def compile_mpy(sources: list[Path], src_root: Path, mpy_root: Path) -> list[Path]:
    """Each .py under ``src_root`` compiled by ``mpy-cross`` to the same place under ``mpy_root``."""
    out = []
    for src in sources:
        dest = (mpy_root / src.relative_to(src_root)).with_suffix(".mpy")
        dest.parent.mkdir(parents=True, exist_ok=True)
        rel = src.relative_to(src_root).as_posix()
        cmd = [sys.executable, "-m", "mpy_cross", "-s", rel, "-o", str(dest), str(src)]
        proc = subprocess.run(cmd, capture_output=True, text=True)
        if proc.returncode != 0:
            raise RuntimeError(f"mpy-cross failed on {rel}:\n{proc.stderr or proc.stdout}")
        out.append(dest)
    return out


def pack(folder: Path, dest: Path) -> Path:
    """Every file under ``folder`` in one file for the browser: a 4-byte little-endian length, a JSON
    list of [relative path, size], then the files' bytes in that order (see measure.py's page)."""
    import json
    files = sorted(p for p in Path(folder).rglob("*") if p.is_file())
    index = json.dumps([[p.relative_to(folder).as_posix(), p.stat().st_size] for p in files]).encode()
    with open(dest, "wb") as out:
        out.write(len(index).to_bytes(4, "little") + index)
        for p in files:
            out.write(p.read_bytes())
    return dest


def build(out_dir, mpy: bool = True) -> dict:
    """Write ``out_dir/py/`` (transformed sources) and, with ``mpy-cross``, ``out_dir/mpy/`` (byte code).
    Returns {"py": folder, "mpy": folder or None, "files": [relative paths], "mpy_cross": version}."""
    out = Path(out_dir)
    src_root, mpy_root = out / "py", out / "mpy"
    for d in (src_root, mpy_root):
        if d.exists():
            shutil.rmtree(d)
    sources = write_sources(src_root)
    version = mpy_cross_version() if mpy else None
    if version:
        compile_mpy(sources, src_root, mpy_root)
    return {"py": str(src_root), "mpy": str(mpy_root) if version else None,
            "files": [p.relative_to(src_root).as_posix() for p in sources], "mpy_cross": version}
