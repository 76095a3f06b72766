import { chooseCoordinator } from './coordinator';
import { agentPriority } from './priority';
import { detectTopic } from './topics';

describe('collaboration rules (spec section 9)', () => {
  describe('coordinator', () => {
    it('is the highest-rated agent', () => {
      const team = [
        { id: 'a', rating: 4.2, popularity: 90 },
        { id: 'b', rating: 4.9, popularity: 1 },
        { id: 'c', rating: 3, popularity: 500 },
      ];
      expect(chooseCoordinator(team).id).toBe('b');
    });

    it('breaks a tie in rating by popularity, then by id, whatever the order given', () => {
      const team = [
        { id: 'z', rating: 4.5, popularity: 10 },
        { id: 'y', rating: 4.5, popularity: 30 },
        { id: 'x', rating: 4.5, popularity: 30 },
      ];
      expect(chooseCoordinator(team).id).toBe('x');
      expect(chooseCoordinator([...team].reverse()).id).toBe('x');
    });

    it('refuses an empty team', () => {
      expect(() => chooseCoordinator([])).toThrow();
    });
  });

  describe('topic', () => {
    it.each([
      ['¿Qué cláusulas debe tener un contrato de alquiler?', 'legal'],
      ['Necesito un presupuesto y saber qué impuestos pago', 'finance'],
      ['Quiero una campaña en redes sociales para mi marca', 'marketing'],
      ['¿Qué base de datos uso para mi aplicación?', 'tech'],
      ['Cómo calcular la nómina de un empleado nuevo', 'hr'],
      ['Mejorar la logística del almacén y el inventario', 'operations'],
      ['Hola, ¿qué tal?', 'general'],
    ])('«%s» is %s', (query, topic) => {
      expect(detectTopic(query)).toBe(topic);
    });

    it('reads keywords regardless of case and accents', () => {
      expect(detectTopic('CAMPANA DE PUBLICIDAD')).toBe('marketing');
      expect(detectTopic('tecnología')).toBe('tech');
    });
  });

  describe('priority', () => {
    it('is 1 for an agent off topic with a rating up to 4', () => {
      expect(agentPriority({ category: 'legal', rating: 4 }, 'finance')).toBe(1);
      expect(agentPriority({ category: 'legal', rating: 0 }, 'finance')).toBe(1);
    });

    it('adds 2 when the category is the topic (slug or Spanish name)', () => {
      expect(agentPriority({ category: 'finance', rating: 3 }, 'finance')).toBe(3);
      expect(agentPriority({ category: 'Finanzas', rating: 3 }, 'finance')).toBe(3);
    });

    it('adds 0.5 per rating point above 4', () => {
      expect(agentPriority({ category: 'legal', rating: 5 }, 'finance')).toBe(1.5);
      expect(agentPriority({ category: 'finance', rating: 5 }, 'finance')).toBe(3.5);
      expect(agentPriority({ category: 'finance', rating: 4.4 }, 'finance')).toBe(3.2);
    });

    it('stays between 1 and 5', () => {
      expect(agentPriority({ category: 'finance', rating: 20 }, 'finance')).toBe(5);
      expect(agentPriority({ category: 'finance', rating: Number.NaN }, 'marketing')).toBe(1);
    });
  });
});
