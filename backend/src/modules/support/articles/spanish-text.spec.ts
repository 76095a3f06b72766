import { contentTerms, foldText, processSpanishTerm, spanishStem } from './spanish-text';

describe('Spanish search terms', () => {
  it('folds case and accents', () => {
    expect(foldText('Contraseña')).toBe('contrasena');
    expect(foldText('¿CÓMO?')).toBe('¿como?');
  });

  it.each([
    ['agentes', 'agente'],
    ['suscripciones', 'suscripcion'],
    ['planes', 'plan'],
    ['errores', 'error'],
    ['claves', 'clave'],
    ['pagos', 'pago'],
    ['detalles', 'detalle'],
    ['torres', 'torre'],
    ['veces', 'vez'],
    ['rapidamente', 'rapida'],
  ])('stems %s to %s', (word, stem) => {
    expect(spanishStem(word)).toBe(stem);
  });

  it('gives the singular and the plural the same term', () => {
    for (const [singular, plural] of [
      ['agente', 'agentes'],
      ['suscripción', 'suscripciones'],
      ['plan', 'planes'],
      ['contraseña', 'contraseñas'],
      ['versión', 'versiones'],
      ['mensaje', 'mensajes'],
    ]) {
      expect(processSpanishTerm(plural)).toBe(processSpanishTerm(singular));
    }
  });

  it('drops stop words', () => {
    expect(contentTerms('¿Cuáles son los planes?')).toEqual(['plan']);
    expect(contentTerms('¿Cómo creo un agente?')).toEqual(['creo', 'agente']);
  });
});
