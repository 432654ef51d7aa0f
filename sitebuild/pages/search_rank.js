/* Ranking of a query of several words (issue 26): an entry that has more of
 * the words ranks above one that has fewer, and among those an entry whose
 * title has more of them. Appended to the site's search language file
 * (lunr.rus.min.js) by sitebuild/pages/search_index.py, so it runs in
 * mkdocs-material's search worker, after lunr and lunr.rus.
 *
 * lunr adds up the words' scores, and material multiplies a result by at most
 * 2.5 for having all the words: the glossary's «Банк (в игре с пробкой)»
 * (a term, boosted; «штраф» only in its text) outranked the clauses about the
 * penalty («Игра с пробкой · Штраф — …»), and the page «Игра с пробкой»
 * itself, which material multiplies by up to 2.5 again for being a page,
 * stood above them and folded them all behind «Ещё 28 на этой странице»
 * (material unfolds only a page's results that score as its best).
 *
 * So, for two or more words, a result's tier is (words it has, words its
 * title has); a tier is a factor TIER ahead of the one below (material's own
 * factors are at most 5), and within a tier lunr's order is kept. A page's
 * score is divided by material's page factor, so that a page ranks by its
 * words like its sections. Every entry with all the words is then shown, not
 * folded (level). One word: lunr and material as they were.
 */
// A block, not a function: its parts stay out of the worker's globals, each a function of its own.
{
  const lunr = self.lunr;
  const TIER = 1e4;
  const TOP = 70; // tiers past this share it (1e4^70 is still a number)
  const search = lunr.Index.prototype.search;

  /** The words of a query as the index has them (lunr.rus stems them in clause()). */
  const queryWords = function (index, text) {
    var query = new lunr.Query(index.fields);
    try {
      new lunr.QueryParser(text, query).parse();
    } catch (err) {
      return [];
    }
    var words = [];
    query.clauses.forEach(function (clause) {
      if (clause.presence === lunr.Query.presence.PROHIBITED) return;
      var word = String(clause.term).replace(/\*/g, "");
      if (word && words.indexOf(word) === -1) words.push(word);
    });
    return words;
  };

  /** Words the rules use for one thing, as the index stems them: the glossary's
   * «Фол — нарушение правил при ударе» («три фола подряд» is Правило 8's «три
   * нарушения подряд»). */
  const SAME = [["фол", "нарушен"]];

  /** A query word and the words that mean the same (SAME), the word first. */
  const sameAs = function (word) {
    var same = SAME.filter(function (g) { return g.some(function (s) { return word.indexOf(s) === 0; }); })[0] || [];
    return [word].concat(same.filter(function (s) { return word.indexOf(s) !== 0; }));
  };

  /** How many of the words a result has, in any field or in the given one
   * (a word is a group of words that mean the same, one of them is enough;
   * a word matches the indexed terms it begins). */
  const matched = function (words, result, field) {
    var metadata = result.matchData.metadata;
    var terms = Object.keys(metadata).filter(function (term) { return !field || field in metadata[term]; });
    return words.filter(function (same) {
      return same.some(function (word) {
        return terms.some(function (term) { return term.indexOf(word) === 0; });
      });
    }).length;
  };

  /** Material's extra factor for a page (an entry without «#»): 1 + (1 + f)² against 1 + f². */
  const pageFactor = function (ref, f) {
    return ref.indexOf("#") === -1 ? (1 + (1 + f) * (1 + f)) / (1 + f * f) : 1;
  };

  /** A result that has a word only as one that means the same («нарушен» for «фол») has
   * the asked word too, for material: it counts a result's share of the query's words
   * by the result's terms (and strikes through the ones missing). The entry has no field,
   * so nothing more is highlighted. */
  const saysAsked = function (asked, result) {
    var metadata = result.matchData.metadata;
    asked.forEach(function (same) {
      if (same.length > 1 && !(same[0] in metadata) && matched([same], result, "") > 0) metadata[same[0]] = {};
    });
  };

  const rankedSearch = function (text) {
    var asked = queryWords(this, text).map(sameAs);
    var others = [].concat.apply([], asked.map(function (same) { return same.slice(1); }));
    // The words that mean the same are looked for too (as optional words: lunr's default).
    var results = search.call(this, others.length ? text + " " + others.map(function (w) { return w + "*"; }).join(" ") : text);
    results.forEach(function (r) { saysAsked(asked, r); });
    var words = asked.filter(function (same) {
      // A word no entry has (a stop word the index left out) decides nothing.
      return results.some(function (r) { return matched([same], r, "") > 0; });
    });
    if (words.length < 2 || !results.length) return results;
    var n = words.length;
    var best = Math.max.apply(null, results.map(function (r) { return r.score; })) || 1;
    results.forEach(function (r) {
      var all = matched(words, r, ""), title = matched(words, r, "title");
      r.full = all === n;
      r.score = (r.score / best) * Math.pow(TIER, Math.min(all * (n + 1) + title, TOP)) / pageFactor(r.ref, all / n);
    });
    results.sort(function (a, b) { return b.score - a.score; });
    return level(results);
  };

  /** Every entry with all the words shown, none folded: material unfolds only
   * a page's sections that score exactly as the best of its page, so on each
   * page they all get the score of its first one (their order, by the words in
   * their titles and lunr's score, is kept: material's sort is stable); the
   * pages keep their order by their best. Material multiplies a section by
   * 1 + g² and a page by 1 + (1 + g)² (g ≤ 1: the share of the words, the same
   * for all of them): the page itself, with all the words, gets a fifth, so it
   * stays its sections' heading and is never the best that folds them.
   * @param {Array<{ ref: string, score: number, full?: boolean }>} results sorted */
  const level = function (results) {
    /** @type {Record<string, number>} */
    var best = {};
    results.forEach(function (r) {
      if (!r.full) return;
      var page = r.ref.split("#")[0];
      var isPage = r.ref.indexOf("#") === -1;
      // A page's score was divided by its factor: its level as a section's is the score before.
      if (!(page in best)) best[page] = isPage ? r.score * pageFactor(r.ref, 1) : r.score;
      r.score = isPage ? best[page] / 5 : best[page];
    });
    results.forEach(function (r) { delete r.full; });
    return results;
  };
  lunr.Index.prototype.search = rankedSearch;
}
