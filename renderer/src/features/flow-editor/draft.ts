import type { components } from '../../shared/api';

/** What the editor holds: a saved flow's content, and its id once it is saved. */
export type FlowDraft = Pick<components['schemas']['FlowDto'], 'name' | 'description' | 'isTemplate' | 'nodes' | 'edges'> & { id?: string };
