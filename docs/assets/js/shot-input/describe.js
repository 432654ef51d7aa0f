// @ts-check
// A request's fields in words, from the game's own field declarations: the
// browser's twin of rules_pkg/describe.py (describe_fields), line for line
// («label: value»; a field at its default is left out unless it is "always").
// tests/js/shot-model.test.mjs checks that both give the same lines. The
// line under the table drawing is made here from the request the drawing
// sends, so what the player reads is what is recorded.

/**
 * @typedef {{ name: string, label: string, kind?: string, default?: unknown, always?: boolean, alone?: boolean,
 *   options?: { id: unknown, label: string }[] }} FieldWords
 */

/** JSON equality: `true` is not `1`, lists compare item by item. @param {unknown} a @param {unknown} b */
const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);

/** @param {FieldWords} field @param {unknown} value */
export function valueText(field, value) {
  const options = field.options || [];
  const label = (/** @type {unknown} */ v) => {
    const option = options.find((o) => same(o.id, v));
    return option ? option.label : String(v);
  };
  if (field.kind === "bool" || typeof value === "boolean") return value ? "да" : "нет";
  if ((field.kind === "set" || field.kind === "sequence") && Array.isArray(value)) {
    let items = value;
    if (field.kind === "set") { // a set reads in the declaration's order; a sequence as given
      const rank = (/** @type {unknown} */ v) => {
        const i = options.findIndex((o) => same(o.id, v));
        return i < 0 ? options.length : i;
      };
      items = [...value].sort((x, y) => rank(x) - rank(y));
    }
    return items.map(label).join(field.kind === "set" ? ", " : " → ") || "нет";
  }
  if (field.kind === "choice") return label(value);
  return String(value);
}

/** @param {FieldWords} field @param {unknown} value */
function isDefault(field, value) {
  if (!("default" in field)) return false;
  if (field.kind === "set" && Array.isArray(value) && Array.isArray(field.default)) {
    const key = (/** @type {unknown[]} */ list) => list.map((v) => JSON.stringify(v)).sort().join("\n");
    return key(value) === key(field.default);
  }
  return same(value, field.default);
}

/**
 * One line «label: value» per declared field whose value differs from its default.
 * @param {FieldWords[]} fields @param {Record<string, unknown>} values @returns {string[]}
 */
export function describeFields(fields, values) {
  const lines = fields.flatMap((f) => fieldLine(f, values));
  if (!lines.length) lines.push(...aloneLines(fields, values));
  return lines;
}

/**
 * One field's line, if it says anything: a value off its default, or any value of an "always" field.
 * @param {FieldWords} f @param {Record<string, unknown>} values @returns {string[]}
 */
export function fieldLine(f, values) {
  const value = f.always ? (f.name in values ? values[f.name] : f.default) : values[f.name];
  return value !== undefined && value !== null && (f.always || !isDefault(f, value)) ? [`${f.label}: ${valueText(f, value)}`] : [];
}

/**
 * The fields said when nothing else is (describe.py: «Биток коснулся хотя бы одного шара: да» for a single
 * ball touched in «Кайза»), at their value or default. @param {FieldWords[]} fields @param {Record<string, unknown>} values
 */
export function aloneLines(fields, values) {
  return fields.filter((f) => f.alone).flatMap((f) => fieldLine({ ...f, always: true }, values));
}

/** The lines as one text, each a sentence. @param {string[]} lines */
export const asSentences = (lines) => lines.map((line) => `${line}.`).join(" ");
