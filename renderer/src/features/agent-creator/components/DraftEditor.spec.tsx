import { useForm } from '@mantine/form';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../../../../test/render';
import type { AgentDraft } from '../api/agentCreatorQueries';
import { DraftEditor } from './DraftEditor';

const DRAFT: AgentDraft = {
  name: 'Asesor de Alquileres',
  category: 'legal',
  description: 'Ayuda a inquilinos.',
  skills: [],
  capabilities: [],
  useCases: [],
  systemPrompt: '',
  modelId: '',
  price: 9.99,
  isPublic: false,
};

let current: AgentDraft | null = null;

function Editor() {
  const form = useForm<AgentDraft>({ mode: 'controlled', initialValues: DRAFT });
  current = form.getValues();
  return <DraftEditor form={form} catalogue={{ status: 'loading' }} />;
}

describe('DraftEditor', () => {
  it('shows and takes the price with a decimal comma (9,99, not 9.99)', async () => {
    renderWithProviders(<Editor />);
    const price = screen.getByRole('textbox', { name: 'Precio mensual (€)' });
    expect(price).toHaveValue('9,99');

    await userEvent.clear(price);
    await userEvent.type(price, '12,5');
    expect(price).toHaveValue('12,5');
    expect(current?.price).toBe(12.5);
  });
});
