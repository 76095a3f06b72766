import { fuseRankings, queryWords, type RankedPassage, selectiveWords } from './knowledge-ranking';

describe('knowledge ranking', () => {
  it('reads a question as its telling words: lower-case, without accents or common words, once each', () => {
    expect(queryWords('¿Cuál es el PLAZO de preaviso para desistir del contrato? ¿Y el plazo?')).toEqual(['plazo', 'preaviso', 'desistir', 'contrato']);
    expect(queryWords('¿de la?')).toEqual([]);
  });

  it('searches the rarest words while together they match at most the budget, and all of them when even the rarest is over it', () => {
    const counts = [
      { word: 'contrato', passages: 90_000 },
      { word: 'preaviso', passages: 40 },
      { word: 'plazo', passages: 3_000 },
      { word: 'desistir', passages: 0 },
      { word: 'renta', passages: 4_000 },
    ];
    expect(selectiveWords(counts, 5_000)).toEqual({ words: ['preaviso', 'plazo'], requireAll: false });
    // Only common words: a passage must have them all.
    expect(selectiveWords([{ word: 'contrato', passages: 90_000 }, { word: 'renta', passages: 80_000 }], 5_000)).toEqual({ words: ['renta', 'contrato'], requireAll: true });
    // One word, however common, is searched as it is.
    expect(selectiveWords([{ word: 'contrato', passages: 90_000 }], 5_000)).toEqual({ words: ['contrato'], requireAll: false });
    expect(selectiveWords([{ word: 'nada', passages: 0 }])).toEqual({ words: [], requireAll: false });
  });

  it('fuses rankings by reciprocal rank, and keeps a single ranking as it is', () => {
    const passage = (passageId: number, score: number): RankedPassage => ({ passageId, documentId: 'd', documentName: 'ley.pdf', page: passageId, text: `p${passageId}`, score });
    const fullText = [passage(1, 9), passage(2, 8), passage(3, 7)];
    expect(fuseRankings([fullText], 2)).toEqual([passage(1, 9), passage(2, 8)]);
    const vectors = [passage(3, 0.9), passage(2, 0.8), passage(4, 0.7)];
    // 3 (third and first: 1/63 + 1/61) just ahead of 2 (second in both: 2/62); then 1 and 4, in one each.
    const fused = fuseRankings([fullText, vectors], 4);
    expect(fused.map((item) => item.passageId)).toEqual([3, 2, 1, 4]);
    expect(fused[0].score).toBeCloseTo(1 / 63 + 1 / 61, 10);
  });
});
