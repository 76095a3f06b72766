import type { MixedList } from 'typeorm';
import { CreateUserProfiles1795300000000 } from './1795300000000-create-user-profiles';
import { CreateAgents1795310000000 } from './1795310000000-create-agents';
import { CreateEcosystems1795310000001 } from './1795310000001-create-ecosystems';
import { CreateTeams1795310000002 } from './1795310000002-create-teams';
import { CreateIdentityTables1795312894105 } from './1795312894105-create-identity-tables';
import { CreateFiles1795321400000 } from './1795321400000-create-files';
import { WidenMarketplaceIndexes1795321400001 } from './1795321400001-widen-marketplace-indexes';
import { CreateContactMessages1795330004200 } from './1795330004200-create-contact-messages';
import { CreateConversations1795340005100 } from './1795340005100-create-conversations';
import { CreateSubscriptions1795340005101 } from './1795340005101-create-subscriptions';
import { CreateAssistantPrompts1795340005102 } from './1795340005102-create-assistant-prompts';
import { IdentityAccountState1795350001100 } from './1795350001100-identity-account-state';
import { AgentCategorySlugs1795360012000 } from './1795360012000-agent-category-slugs';
import { PromptVersions1795360001300 } from './1795360001300-prompt-versions';
import { Payments1795370000200 } from './1795370000200-payments';
import { DemoPaymentGateway1795370000100 } from './1795370000100-demo-payment-gateway';
import { StableAvatarUrls1795370000300 } from './1795370000300-stable-avatar-urls';
import { CreatorPayouts1795370000400 } from './1795370000400-creator-payouts';
import { Publications1795370000500 } from './1795370000500-publications';
import { Admin1795370000700 } from './1795370000700-admin';
import { OneOpenSubscription1795370000800 } from './1795370000800-one-open-subscription';
import { Collaboration1795370000600 } from './1795370000600-collaboration';
import { LedgerTransfers1795370000900 } from './1795370000900-ledger-transfers';
import { AgentSearch1795370001000 } from './1795370001000-agent-search';
import { CognitoAccountStates1795370001200 } from './1795370001200-cognito-account-states';
import { CategoryPriceIndexes1795370001300 } from './1795370001300-category-price-indexes';
import { EcosystemReplies1795380000300 } from './1795380000300-ecosystem-replies';
import { LedgerListPrices1795380000301 } from './1795380000301-ledger-list-prices';
import { UserHandles1795380000100 } from './1795380000100-user-handles';
import { AgentEcosystemConsent1795380000110 } from './1795380000110-agent-ecosystem-consent';
import { EcosystemsMadeByAdmin1795380000120 } from './1795380000120-ecosystems-made-by-admin';
import { PromptVersionAuthors1795380000130 } from './1795380000130-prompt-version-authors';
import { LedgerProrations1795380000200 } from './1795380000200-ledger-prorations';

import { ApiKeyMonthQuota1795380000400 } from './1795380000400-api-key-month-quota';
import { LedgerMinimumPrices1795380000700 } from './1795380000700-ledger-minimum-prices';
import { SubscriptionCancelAtPeriodEnd1795500000000 } from './1795500000000-subscription-cancel-at-period-end';
import { AgentCreatorDrafts1795500000100 } from './1795500000100-agent-creator-drafts';
import { AgentChatSettings1795600000200 } from './1795600000200-agent-chat-settings';
import { ApiKeyOwnRateLimit1795600000100 } from './1795600000100-api-key-own-rate-limit';
import { Knowledge1795700000000 } from './1795700000000-knowledge';
import { KnowledgeVectors1795800000000 } from './1795800000000-knowledge-vectors';
import { ChatAttachments1795810000000 } from './1795810000000-chat-attachments';
import { Reviews1795830000000 } from './1795830000000-reviews';
import { ToolSources1795840000000 } from './1795840000000-tool-sources';
import { ApiKeyAllowConfirmedTools1795850000000 } from './1795850000000-api-key-allow-confirmed-tools';
import { DataExports1795870000000 } from './1795870000000-data-exports';
import { AccountDeletions1795875000000 } from './1795875000000-account-deletions';
import { AccountDeletionCodeChallenges1795890000000 } from './1795890000000-account-deletion-code-challenges';
import { A2aTasks1795880000000 } from './1795880000000-a2a-tasks';
import { ApiSales1795885000000 } from './1795885000000-api-sales';
import { ApiBilling1795896000000 } from './1795896000000-api-billing';
import { ApiBillingSubscribedAt1795896000100 } from './1795896000100-api-billing-subscribed-at';
import { UsageJournal1795895000000 } from './1795895000000-usage-journal';
/**
 * Every migration, in order. Written with TypeORM's Table API (not raw SQL) so that each one runs
 * unchanged on SQLite and PostgreSQL.
 */
// eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
export const migrations: MixedList<Function> = [CreateUserProfiles1795300000000, CreateAgents1795310000000, CreateEcosystems1795310000001, CreateTeams1795310000002, CreateIdentityTables1795312894105, CreateFiles1795321400000, WidenMarketplaceIndexes1795321400001, CreateContactMessages1795330004200, CreateConversations1795340005100, CreateSubscriptions1795340005101, CreateAssistantPrompts1795340005102, IdentityAccountState1795350001100, PromptVersions1795360001300, AgentCategorySlugs1795360012000, DemoPaymentGateway1795370000100, Payments1795370000200, StableAvatarUrls1795370000300, CreatorPayouts1795370000400, Publications1795370000500, Collaboration1795370000600, Admin1795370000700, OneOpenSubscription1795370000800, LedgerTransfers1795370000900, AgentSearch1795370001000, CognitoAccountStates1795370001200, CategoryPriceIndexes1795370001300, UserHandles1795380000100, AgentEcosystemConsent1795380000110, EcosystemReplies1795380000300, LedgerListPrices1795380000301, LedgerProrations1795380000200, EcosystemsMadeByAdmin1795380000120, ApiKeyMonthQuota1795380000400, PromptVersionAuthors1795380000130, LedgerMinimumPrices1795380000700, SubscriptionCancelAtPeriodEnd1795500000000, AgentCreatorDrafts1795500000100, AgentChatSettings1795600000200, ApiKeyOwnRateLimit1795600000100, Knowledge1795700000000, KnowledgeVectors1795800000000, ChatAttachments1795810000000, Reviews1795830000000, ToolSources1795840000000, ApiKeyAllowConfirmedTools1795850000000, DataExports1795870000000, AccountDeletions1795875000000, A2aTasks1795880000000, ApiSales1795885000000, AccountDeletionCodeChallenges1795890000000, UsageJournal1795895000000, ApiBilling1795896000000, ApiBillingSubscribedAt1795896000100];
