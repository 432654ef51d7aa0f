// @ts-check
// Whole words for the search highlight on an opened page, without a DOM
// (search-highlight.js applies it).
//
// mkdocs-material marks the query's words on the page a search result opens
// (feature search.highlight, the address's «?h=»): a regular expression of the
// words as the search matched them — for this site the Russian stems («пробк»,
// «нарушен», docs/assets/javascripts/lunr/min/lunr.rus.min.js) — matched
// anywhere, so it marked «[пробк]ой», «[нарушен]ия», and a stem inside a longer
// word. Here a mark that begins a word is stretched to the word's end (the whole
// word form the stem matched, as the results list marks it), and a mark that
// begins inside a word is dropped (that word is another word, its stem is not
// the query's).

/** A word's letter: what the search's separator (mkdocs.yml) does not split at. */
export const WORD_CHAR = /[0-9A-Za-z\u0400-\u04ff]/;

/**
 * The marks of a text made whole words: sorted, none overlapping.
 * @param {string} text
 * @param {Array<[number, number]>} marks [start, end) of each mark in text
 * @returns {Array<[number, number]>}
 */
export function wholeWordMarks(text, marks) {
  /** @type {Array<[number, number]>} */
  const out = [];
  for (const [start, end] of [...marks].sort((a, b) => a[0] - b[0])) {
    if (start > 0 && WORD_CHAR.test(text[start - 1]) && WORD_CHAR.test(text[start])) continue; // inside a word
    let stop = end;
    while (stop < text.length && stop > start && WORD_CHAR.test(text[stop - 1]) && WORD_CHAR.test(text[stop])) stop++;
    const last = out[out.length - 1];
    if (last && start <= last[1]) last[1] = Math.max(last[1], stop);
    else out.push([start, stop]);
  }
  return out;
}
