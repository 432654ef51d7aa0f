"""After the pages (build time): what the build does to the written site (postbuild.py: runtime
copy, vendored libraries, bundled CSS, minified JS, service worker, _headers, precompressed
copies) and the small static server that serves it."""
