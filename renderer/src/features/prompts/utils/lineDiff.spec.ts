import { sideBySideDiff } from './lineDiff';

describe('sideBySideDiff', () => {
  it('pairs a changed line with its replacement and keeps unchanged lines on both sides', () => {
    expect(sideBySideDiff('Eres un asesor.\nResponde con detalle.\nSé amable.', 'Eres un asesor.\nResponde en tres frases.\nSé amable.\nCita la ley.')).toEqual([
      { left: { text: 'Eres un asesor.', kind: 'same' }, right: { text: 'Eres un asesor.', kind: 'same' } },
      { left: { text: 'Responde con detalle.', kind: 'removed' }, right: { text: 'Responde en tres frases.', kind: 'added' } },
      { left: { text: 'Sé amable.', kind: 'same' }, right: { text: 'Sé amable.', kind: 'same' } },
      { left: null, right: { text: 'Cita la ley.', kind: 'added' } },
    ]);
  });

  it('shows a removed line with nothing beside it', () => {
    expect(sideBySideDiff('Uno\nDos\nTres', 'Uno\nTres')).toEqual([
      { left: { text: 'Uno', kind: 'same' }, right: { text: 'Uno', kind: 'same' } },
      { left: { text: 'Dos', kind: 'removed' }, right: null },
      { left: { text: 'Tres', kind: 'same' }, right: { text: 'Tres', kind: 'same' } },
    ]);
  });
});
