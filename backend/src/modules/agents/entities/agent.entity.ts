import { Column, CreateDateColumn, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';
import type { ModerationStatus } from '../../../common/access/access-policy';
import { decimalToNumber } from './column-transformers';

export type { ModerationStatus };

/** An AI agent of the marketplace (spec section 3). Its prompt's versions live in `agent_prompt_versions` (prompts module). */
@Entity('agents')
export class Agent {
  @PrimaryColumn({ type: 'varchar', length: 64 })
  id: string;

  @Column({ type: 'varchar', length: 120 })
  name: string;

  @Column({ type: 'varchar', length: 60 })
  category: string;

  @Column({ type: 'text' })
  description: string;

  @Column({ type: 'text', nullable: true })
  avatar: string | null;

  @Column({ type: 'simple-json' })
  skills: string[];

  @Column({ type: 'simple-json' })
  capabilities: string[];

  @Column({ name: 'use_cases', type: 'simple-json' })
  useCases: string[];

  @Column({ type: 'decimal', precision: 10, scale: 2, default: 0, transformer: decimalToNumber })
  price: number;

  /** The mean of its visible reviews, to one decimal (0 with none); kept by the reviews module (issue 34). */
  @Column({ type: 'decimal', precision: 3, scale: 2, default: 0, transformer: decimalToNumber })
  rating: number;

  /** How many visible reviews the rating is the mean of. */
  @Column({ name: 'rating_count', type: 'integer', default: 0 })
  ratingCount: number;

  /**
   * What the rating sort orders by: the Bayesian weighted mean (see README, 'Valoraciones y
   * popularidad'), so that one 5-star review does not outrank many averaging 4.8.
   */
  @Column({ name: 'rating_score', type: 'decimal', precision: 7, scale: 4, default: 3, transformer: decimalToNumber })
  ratingScore: number;

  /** Distinct users of the last 30 days plus active subscriptions; kept by the reviews module's popularity tracker. */
  @Column({ type: 'integer', default: 0 })
  popularity: number;

  @Column({ name: 'model_id', type: 'varchar', length: 200, nullable: true })
  modelId: string | null;

  /** What the spec shows as the author: a username, or 'system' for the sample agents. */
  @Column({ name: 'created_by', type: 'varchar', length: 128 })
  createdBy: string;

  /** The identity subject of the creator; ownership is decided by this, never by the display name. */
  @Column({ name: 'owner_sub', type: 'varchar', length: 64, nullable: true })
  ownerSub: string | null;

  @Column({ name: 'is_public', type: 'boolean', default: false })
  isPublic: boolean;

  /**
   * The creator lets others sell this agent inside their ecosystems ('Se puede incluir en
   * ecosistemas'), for at least `ecosystemMinimumPrice` a month per subscriber (issue 29).
   */
  @Column({ name: 'ecosystem_inclusion_allowed', type: 'boolean', default: false })
  ecosystemInclusionAllowed: boolean;

  @Column({ name: 'ecosystem_minimum_price', type: 'decimal', precision: 10, scale: 2, default: 0, transformer: decimalToNumber })
  ecosystemMinimumPrice: number;

  /** Up to four questions an empty chat with the agent offers as buttons (issue 31). */
  @Column({ name: 'conversation_starters', type: 'simple-json', default: '[]' })
  conversationStarters: string[];

  /** The model's temperature for this agent's answers (0–1); null: the provider's default. */
  @Column({ type: 'decimal', precision: 3, scale: 2, nullable: true, transformer: decimalToNumber })
  temperature: number | null;

  /** The longest answer, in tokens; null: the deployment's default. */
  @Column({ name: 'max_answer_tokens', type: 'integer', nullable: true })
  maxAnswerTokens: number | null;

  /** The payment gateway's product and current monthly price (null while free or not yet priced). */
  @Column({ name: 'product_id', type: 'varchar', length: 128, nullable: true })
  productId: string | null;

  @Column({ name: 'price_id', type: 'varchar', length: 128, nullable: true })
  priceId: string | null;

  /**
   * With MODERATION_ENABLED, an agent newly made public is 'pending' (not in the marketplace)
   * until an admin approves or rejects it (admin module); otherwise always 'approved'.
   */
  @Column({ name: 'moderation_status', type: 'varchar', length: 16, default: 'approved' })
  moderationStatus: ModerationStatus;

  @CreateDateColumn({ name: 'created_at' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at' })
  updatedAt: Date;
}
