import { createStore } from 'jotai';
import { mockApi } from '../../../../test/api-mock';
import {
  createApiKeyAtom,
  createPublicationAtom,
  deleteApiKeyAtom,
  deletePublicationAtom,
  fetchAgentPublicationsAtom,
  fetchApiKeysAtom,
  publicationSliceAtom,
} from './publicationAtoms';

const AGENT = 'agente-1';
const PUB = 'pub-1';
const publication = { id: PUB, agentId: AGENT, name: 'Agente', description: '', enabled: true, pinnedVersion: 'current', createdAt: '', endpoints: {} };
/** As kept: the id under both names. */
const stored = { ...publication, apiId: PUB };
const key = { keyId: 'k1', name: 'Clave por defecto', prefix: 'nova_sk_ab', rateLimitPerMinute: null, monthlyRequestQuota: null, monthlyTokenQuota: null, createdAt: '', lastUsedAt: null, expiresAt: null };

describe('the agent state slice: publications', () => {
  it('starts empty', () => {
    expect(createStore().get(publicationSliceAtom)).toEqual({
      agentPublications: {},
      apiKeysByPublication: {},
      publicationLoading: false,
      publicationError: null,
    });
  });

  it('pending sets loading and clears the error; fulfilled stores the publication and its key without the secret', async () => {
    const store = createStore();
    mockApi().on('POST', `/agent/${AGENT}/publication`, { status: 500, body: {} });
    await store.set(createPublicationAtom, AGENT);
    expect(store.get(publicationSliceAtom).publicationError).toBe('Failed to create API publication');

    let answer: (() => void) | undefined;
    const api = mockApi().on('POST', `/agent/${AGENT}/publication`, {
      status: 201,
      body: { publication, key: { ...key, secret: 'nova_sk_secreto' } },
    });
    const realFetch = globalThis.fetch;
    globalThis.fetch = ((...args: Parameters<typeof fetch>) => new Promise<Response>((resolve) => (answer = () => resolve(realFetch(...args))))) as typeof fetch;
    const running = store.set(createPublicationAtom, AGENT);
    expect(store.get(publicationSliceAtom)).toMatchObject({ publicationLoading: true, publicationError: null });
    // The client reads the token before it calls fetch.
    while (!answer) await new Promise((resolve) => setTimeout(resolve, 0));
    answer();
    const result = await running;

    expect(result).toEqual({ ok: true, value: { publication: stored, key: { ...key, secret: 'nova_sk_secreto' } } });
    const slice = store.get(publicationSliceAtom);
    expect(slice.publicationLoading).toBe(false);
    expect(slice.agentPublications[AGENT]).toEqual([stored]);
    expect(slice.apiKeysByPublication[PUB]).toEqual([key]);
    expect(JSON.stringify(slice)).not.toContain('nova_sk_secreto');
    expect(api.calls).toHaveLength(1);
  });

  it.each([
    ['fetchAgentPublications', fetchAgentPublicationsAtom, AGENT, 'GET', '/publications', 'Failed to fetch agent publications'],
    ['createPublication', createPublicationAtom, AGENT, 'POST', `/agent/${AGENT}/publication`, 'Failed to create API publication'],
    ['deletePublication', deletePublicationAtom, { agentId: AGENT, publicationId: PUB }, 'DELETE', `/publication/${PUB}`, 'Failed to delete API publication'],
    ['fetchApiKeys', fetchApiKeysAtom, PUB, 'GET', `/publication/${PUB}/keys`, 'Failed to fetch API keys'],
    ['createApiKey', createApiKeyAtom, { publicationId: PUB, key: { name: 'x' } }, 'POST', `/publication/${PUB}/keys`, 'Failed to create API key'],
    ['deleteApiKey', deleteApiKeyAtom, { publicationId: PUB, keyId: 'k1' }, 'DELETE', `/publication/${PUB}/keys/k1`, 'Failed to delete API key'],
  ] as const)('%s rejected stores the spec text %#', async (_name, action, argument, method, path, text) => {
    mockApi().on(method, path, { status: 503, body: { message: 'No disponible' } });
    const store = createStore();
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    const result = await store.set(action as any, argument as any);
    expect(result).toEqual({ ok: false });
    expect(store.get(publicationSliceAtom)).toMatchObject({ publicationLoading: false, publicationError: text });
  });

  it('keeps publications per agent and keys per publication', async () => {
    mockApi()
      .on('GET', '/publications', { body: [{ ...publication, id: undefined, apiId: PUB }, { ...publication, id: 'pub-2', agentId: 'otro' }] })
      .on('GET', `/publication/${PUB}/keys`, { body: [key] })
      .on('DELETE', `/publication/${PUB}/keys/k1`, { status: 204 });
    const store = createStore();
    await store.set(fetchAgentPublicationsAtom, AGENT);
    await store.set(fetchApiKeysAtom, PUB);
    expect(store.get(publicationSliceAtom).agentPublications).toEqual({ [AGENT]: [stored] });
    expect(store.get(publicationSliceAtom).apiKeysByPublication).toEqual({ [PUB]: [key] });
    await store.set(deleteApiKeyAtom, { publicationId: PUB, keyId: 'k1' });
    expect(store.get(publicationSliceAtom).apiKeysByPublication).toEqual({ [PUB]: [] });
  });
});
