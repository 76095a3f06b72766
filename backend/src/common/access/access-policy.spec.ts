import fc from 'fast-check';
import { Column, DataSource, Entity, PrimaryColumn } from 'typeorm';
import { type Caller, chatAccess, mayDelete, mayModify, mayRead, type ModerationStatus, type OwnedResource, readableBy } from './access-policy';

@Entity('owned_rows')
class OwnedRow {
  @PrimaryColumn({ type: 'integer' })
  id: number;

  @Column({ name: 'owner_sub', type: 'varchar', length: 64, nullable: true })
  ownerSub: string | null;

  @Column({ name: 'is_public', type: 'boolean' })
  isPublic: boolean;

  @Column({ name: 'moderation_status', type: 'varchar', length: 16 })
  moderationStatus: ModerationStatus;
}

const ANA = 'a0000000-0000-4000-8000-000000000001';
const BOB = 'b0000000-0000-4000-8000-000000000002';
const ana: Caller = { sub: ANA, role: 'user' };
const bob: Caller = { sub: BOB, role: 'user' };
const admin: Caller = { sub: 'c0000000-0000-4000-8000-000000000003', role: 'admin' };

const privateOfAna: OwnedResource = { ownerSub: ANA, isPublic: false };
const publicOfAna: OwnedResource = { ownerSub: ANA, isPublic: true };
const seeded: OwnedResource = { ownerSub: null, isPublic: false };

describe('access policy', () => {
  it('lets the owner and admins read, modify and delete; others and visitors only read what is public', () => {
    for (const [caller, read, modify] of [
      [ana, true, true],
      [admin, true, true],
      [bob, false, false],
      [undefined, false, false],
    ] as const) {
      expect([mayRead(caller, privateOfAna), mayModify(caller, privateOfAna), mayDelete(caller, privateOfAna)]).toEqual([read, modify, modify]);
      expect([mayRead(caller, publicOfAna), mayModify(caller, publicOfAna)]).toEqual([true, modify]);
    }
  });

  it('shows others a moderated resource only once approved; its owner and admins read it whatever its state', () => {
    for (const moderationStatus of ['pending', 'rejected'] as const) {
      const waiting = { ...publicOfAna, moderationStatus };
      expect([mayRead(undefined, waiting), mayRead(bob, waiting), mayRead(ana, waiting), mayRead(admin, waiting)]).toEqual([false, false, true, true]);
      expect([chatAccess(bob, { ...waiting, price: 0 }), chatAccess(ana, { ...waiting, price: 0 })]).toEqual(['hidden', 'allowed']);
    }
    expect(mayRead(undefined, { ...publicOfAna, moderationStatus: 'approved' })).toBe(true);
  });

  it('gives a row no user owns to nobody but admins (a null owner is not a visitor)', () => {
    expect([mayRead(undefined, seeded), mayRead(ana, seeded), mayModify(ana, seeded), mayModify(admin, seeded)]).toEqual([false, false, false, true]);
  });

  it('lets the owner and admins chat for free, others when it is free, and hides a private agent from the rest', () => {
    const priced = { ...publicOfAna, price: '9.99' };
    expect(chatAccess(ana, { ...privateOfAna, price: 5 })).toBe('allowed');
    expect(chatAccess(admin, { ...privateOfAna, price: 5 })).toBe('allowed');
    expect(chatAccess(bob, { ...publicOfAna, price: '0.00' })).toBe('allowed');
    expect(chatAccess(bob, priced)).toBe('needs-subscription');
    expect(chatAccess(bob, { ...privateOfAna, price: 0 })).toBe('hidden');
    expect(chatAccess(undefined, { ...publicOfAna, price: 0 })).toBe('hidden');
  });

  describe('readableBy (the same rule in SQL)', () => {
    let dataSource: DataSource;

    beforeAll(async () => {
      dataSource = await new DataSource({ type: 'better-sqlite3', database: ':memory:', entities: [OwnedRow], synchronize: true }).initialize();
    });
    afterAll(() => dataSource.destroy());

    it('lists exactly the rows mayRead allows (or the public ones among them), for any rows and any caller, moderated or not, after any other condition', async () => {
      const row = fc.record({
        ownerSub: fc.constantFrom(ANA, BOB, null),
        isPublic: fc.boolean(),
        moderationStatus: fc.constantFrom<ModerationStatus>('approved', 'pending', 'rejected'),
      });
      const caller = fc.constantFrom<Caller | undefined>(undefined, ana, bob, admin);
      await fc.assert(
        fc.asyncProperty(fc.array(row, { maxLength: 12 }), caller, fc.boolean(), fc.boolean(), async (rows, who, moderated, publicOnly) => {
          const repository = dataSource.getRepository(OwnedRow);
          await repository.clear();
          await repository.insert(rows.map((values, id) => ({ id, ...values })));
          // An earlier condition must still hold: the rule is added to it, never put in its place.
          const builder = repository.createQueryBuilder('row').where('row.id >= :from', { from: 1 });
          const listed = (await readableBy(builder, 'row', who, { moderated, publicOnly }).orderBy('row.id').getMany()).map((found) => found.id);
          // A table that is not moderated has no status for the rule to look at.
          const resource = ({ moderationStatus, ...values }: OwnedResource): OwnedResource => (moderated ? { ...values, moderationStatus } : values);
          const allowed = rows.flatMap((values, id) => (id >= 1 && mayRead(who, resource(values)) && (!publicOnly || values.isPublic) ? [id] : []));
          expect(listed).toEqual(allowed);
        }),
        { numRuns: 300 },
      );
    });
  });
});
