import { fetchPlan } from './subscriptionsQueries';

/**
 * The one call app/screens/chatScreens.tsx still makes outside React Query ('Suscribirse' to the
 * agent that refused the chat). It goes once that screen reads the plan with useAgentPlan.
 */
export const subscriptionsApi = { plan: fetchPlan };
