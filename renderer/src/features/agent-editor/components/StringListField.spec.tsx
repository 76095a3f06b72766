import { screen } from '@testing-library/react';
import { renderWithProviders } from '../../../../test/render';
import { agentEditorStrings as strings } from '../strings';
import { StringListField } from './StringListField';

describe('StringListField', () => {
  it("says each empty list in words that agree with it ('ningún caso de uso', not 'ninguna')", () => {
    renderWithProviders(
      <>
        <StringListField label={strings.fields.skills} emptyText={strings.list.empty.skills} values={[]} onChange={() => undefined} />
        <StringListField label={strings.fields.capabilities} emptyText={strings.list.empty.capabilities} values={[]} onChange={() => undefined} />
        <StringListField label={strings.fields.useCases} emptyText={strings.list.empty.useCases} values={[]} onChange={() => undefined} />
      </>,
    );
    expect(screen.getByText('Todavía no hay ninguna habilidad.')).toBeInTheDocument();
    expect(screen.getByText('Todavía no hay ninguna capacidad.')).toBeInTheDocument();
    expect(screen.getByText('Todavía no hay ningún caso de uso.')).toBeInTheDocument();
    expect(screen.queryByText('Todavía no hay ninguna.')).not.toBeInTheDocument();
  });
});
