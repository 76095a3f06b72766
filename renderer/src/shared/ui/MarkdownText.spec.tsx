import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../../../test/render';
import { MarkdownText } from './MarkdownText';

describe('MarkdownText', () => {
  beforeEach(() => {
    Object.assign(navigator, { clipboard: { writeText: jest.fn(() => Promise.resolve()) } });
  });

  it('renders a fenced code block with its language and a copy button', async () => {
    renderWithProviders(<MarkdownText>{'Ejemplo:\n\n```ts\nconst total = 1 + 2;\nconsole.log(total);\n```'}</MarkdownText>);

    expect(screen.getByText('ts')).toBeInTheDocument();
    expect(screen.getByText(/const total = 1 \+ 2;/).closest('pre')).not.toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Copiar código' }));
    expect(navigator.clipboard.writeText).toHaveBeenCalledWith('const total = 1 + 2;\nconsole.log(total);');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Copiar código' })).toHaveTextContent('Copiado'));
  });

  it('shows raw HTML as text, never as elements', () => {
    const { container } = renderWithProviders(<MarkdownText>{'<img src=x onerror="alert(1)"> **negrita**'}</MarkdownText>);
    expect(container.querySelector('img')).toBeNull();
    expect(screen.getByText('negrita').tagName).toBe('STRONG');
  });
});
