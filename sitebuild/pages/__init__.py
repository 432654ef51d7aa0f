"""The page text (build time): the Markdown syntax of the rule pages (clause anchors, tool and
reading markers), the glossary, the quiz pages, and the search index made from the built pages."""
