import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockApi } from '../../../../test/api-mock';
import { agentFixture } from '../../../../test/fixtures';
import { renderWithProviders } from '../../../../test/render';
import { ToastViewport } from '../../../shared/ui';
import { AgentDetailPage } from './AgentDetail';

function renderAgentPage() {
  return renderWithProviders(
    <>
      <AgentDetailPage agentId="agente-legal" />
      <ToastViewport />
    </>,
  );
}

describe("'Compartir' on an agent's page", () => {
  let writeText: jest.Mock;

  beforeEach(() => {
    writeText = jest.fn(() => Promise.resolve());
    Object.assign(navigator, { clipboard: { writeText } });
  });

  it("copies the absolute address of a public agent's marketplace page and says 'Enlace copiado'", async () => {
    mockApi().on('GET', '/agents/agente-legal', { body: agentFixture({ isPublic: true }) });
    renderAgentPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Compartir' }));
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/marketplace/agent/agente-legal`);
    expect(writeText.mock.calls[0]![0]).toMatch(/^https?:\/\/[^/]+\/marketplace\/agent\/agente-legal$/);
    expect(await screen.findByText('Enlace copiado')).toBeInTheDocument();
  });

  it('escapes the id in the address', async () => {
    mockApi().on('GET', '/agents/agente-legal', { body: agentFixture({ id: 'agente legal', isPublic: true }) });
    renderAgentPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Compartir' }));
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/marketplace/agent/agente%20legal`);
  });

  it('offers no share link for a private agent (its page is nobody else’s to see)', async () => {
    mockApi().on('GET', '/agents/agente-legal', { body: agentFixture({ isPublic: false }) });
    renderAgentPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Asesor Legal' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Compartir' })).not.toBeInTheDocument();
  });

  it('gives the address to copy by hand when the clipboard refuses', async () => {
    writeText.mockRejectedValue(new Error('NotAllowedError'));
    mockApi().on('GET', '/agents/agente-legal', { body: agentFixture({ isPublic: true }) });
    renderAgentPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Compartir' }));
    expect(
      await screen.findByText(`No se ha podido copiar el enlace. Cópialo desde aquí: ${window.location.origin}/marketplace/agent/agente-legal`),
    ).toBeInTheDocument();
    expect(screen.queryByText('Enlace copiado')).not.toBeInTheDocument();
  });
});
