import type { Agent } from '../api/agentEditorQueries';
import { formFromAgent, parsePrice, priceText, withDraft } from './agentForm';

const agent = { name: 'Asesor', category: 'finance', description: 'Compara', avatar: null, skills: [], capabilities: [], useCases: [], modelConfig: { modelId: null }, isPublic: false, ecosystemInclusionAllowed: true } as unknown as Agent;

describe('the agent form’s prices', () => {
  it('show a saved price with a decimal comma, as the field is typed in Spanish (9,99, not 9.99)', () => {
    const values = formFromAgent({ ...agent, price: 9.99, ecosystemMinimumPrice: 2.5 }, '');
    expect(values.price).toBe('9,99');
    expect(values.ecosystemMinimumPrice).toBe('2,50');
    expect(formFromAgent({ ...agent, price: 12, ecosystemMinimumPrice: 0 }, '').price).toBe('12');
  });

  it("show the creator's draft price the same way", () => {
    const values = withDraft(formFromAgent({ ...agent, price: 0, ecosystemMinimumPrice: 0 }, ''), {
      name: '',
      category: '',
      description: '',
      skills: [],
      capabilities: [],
      useCases: [],
      systemPrompt: '',
      price: 19.9,
      modelId: '',
      isPublic: false,
    } as unknown as Parameters<typeof withDraft>[1]);
    expect(values.price).toBe('19,90');
  });

  it('read back as the number they show', () => {
    for (const price of [0, 4.5, 9.99, 120, 0.01]) expect(parsePrice(priceText(price))).toBe(price);
  });
});
