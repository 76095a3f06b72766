import { type DataSource, QueryFailedError, QueryResult, QueryRunnerAlreadyReleasedError } from 'typeorm';
import type { BetterSqlite3Driver } from 'typeorm/driver/better-sqlite3/BetterSqlite3Driver';
import { BetterSqlite3QueryRunner } from 'typeorm/driver/better-sqlite3/BetterSqlite3QueryRunner';
import type { IsolationLevel } from 'typeorm/driver/types/IsolationLevel';
import { BroadcasterResult } from 'typeorm/subscriber/BroadcasterResult';
import { endSpan, startChildSpan } from '../common/telemetry/tracing';

const SQLITE_SPAN = { 'db.system.name': 'sqlite' };

/** The parts of a better-sqlite3 database and statement used here (it has no types installed). */
interface SqliteStatement {
  readonly reader: boolean;
  all(...parameters: unknown[]): unknown[];
  run(...parameters: unknown[]): { changes: number; lastInsertRowid: number | bigint };
}
interface SqliteConnection {
  readonly inTransaction: boolean;
  prepare(sql: string): SqliteStatement;
}

/**
 * Makes transactions on a better-sqlite3 DataSource exclusive. TypeORM hands every caller the same
 * query runner on the one SQLite connection, so whatever a concurrent request runs while a
 * transaction awaits lands inside that transaction (and is lost if it rolls back), and a second
 * transaction becomes a savepoint of the first. Here every caller gets its own query runner on
 * the shared connection and statement cache, and while one runner has a transaction open, the
 * statements and transactions of every other runner wait for it to commit or roll back (so code
 * inside a transaction must use the transaction's manager, as it must on PostgreSQL to see its own
 * writes). Call before `initialize()`, so that the migrations run this way too.
 */
export function exclusiveSqliteTransactions(dataSource: DataSource): DataSource {
  const driver = dataSource.driver as BetterSqlite3Driver;
  const gate = new TransactionGate();
  const statements = new StatementCache(driver.options.statementCacheSize ?? 100);
  driver.createQueryRunner = () => new ExclusiveSqliteQueryRunner(driver, gate, statements);
  return dataSource;
}

/** Which runner has the connection's transaction open; `released` settles when it ends. */
class TransactionGate {
  private holder: BetterSqlite3QueryRunner | undefined;
  private open = (): void => undefined;
  released: Promise<void> = Promise.resolve();

  isHeldByOtherThan(runner: BetterSqlite3QueryRunner): boolean {
    return this.holder !== undefined && this.holder !== runner;
  }

  /** Waiters are woken in the order they came (promise reactions run first-in, first-out). */
  async hold(runner: BetterSqlite3QueryRunner): Promise<void> {
    while (this.holder !== undefined) await this.released;
    this.holder = runner;
    this.released = new Promise((resolve) => (this.open = resolve));
  }

  release(runner: BetterSqlite3QueryRunner): void {
    if (this.holder !== runner) return;
    this.holder = undefined;
    this.open();
  }
}

/** Prepared statements of the connection, shared by all runners; the oldest is dropped first. */
class StatementCache {
  private readonly statements = new Map<string, SqliteStatement>();
  private connection: SqliteConnection | undefined;

  constructor(private readonly size: number) {}

  prepare(connection: SqliteConnection, sql: string): SqliteStatement {
    // A statement belongs to the connection it was prepared on (a DataSource can be re-initialised).
    if (connection !== this.connection) {
      this.statements.clear();
      this.connection = connection;
    }
    let statement = this.statements.get(sql);
    if (!statement) {
      statement = connection.prepare(sql);
      this.statements.set(sql, statement);
      if (this.statements.size > this.size) this.statements.delete(this.statements.keys().next().value as string);
    }
    return statement;
  }
}

class ExclusiveSqliteQueryRunner extends BetterSqlite3QueryRunner {
  constructor(
    driver: BetterSqlite3Driver,
    private readonly gate: TransactionGate,
    private readonly statements: StatementCache,
  ) {
    super(driver);
  }

  override async startTransaction(isolationLevel?: IsolationLevel): Promise<void> {
    // A nested transaction is a savepoint of the one this runner already holds.
    if (this.transactionDepth === 0) await this.gate.hold(this);
    try {
      await super.startTransaction(isolationLevel);
    } finally {
      this.releaseGateIfEnded();
    }
  }

  override async commitTransaction(): Promise<void> {
    try {
      await super.commitTransaction();
    } finally {
      this.releaseGateIfEnded();
    }
  }

  override async rollbackTransaction(): Promise<void> {
    try {
      await super.rollbackTransaction();
    } finally {
      this.releaseGateIfEnded();
    }
  }

  /**
   * BetterSqlite3QueryRunner.query with the wait for the gate. Not a call to super.query: that
   * awaits between preparing and running the statement, time in which another runner could begin
   * a transaction. Here nothing is awaited after the gate is seen open (better-sqlite3 runs
   * statements synchronously), so the statement runs before anyone else's BEGIN.
   */
  override async query(
    query: string,
    parameters: unknown[] = [],
    useStructuredResult = false,
  ): ReturnType<BetterSqlite3QueryRunner['query']> {
    if (this.isReleased) throw new QueryRunnerAlreadyReleasedError();
    while (this.gate.isHeldByOtherThan(this)) await this.gate.released;

    // TypeORM begins SQLite transactions deferred: one that reads and then writes while another
    // process (the admin command line, another worker) has written meanwhile fails at once with
    // 'database is locked', whatever the busy timeout. Begun immediate, it waits for the write lock
    // (up to the busy timeout) and reads what is committed when it has it.
    if (query === 'BEGIN TRANSACTION') query = 'BEGIN IMMEDIATE TRANSACTION';
    const { logger } = this.driver.connection;
    const broadcasterResult = new BroadcasterResult();
    logger.logQuery(query, parameters, this);
    this.broadcaster.broadcastBeforeQueryEvent(broadcasterResult, query, parameters);
    const startTime = Date.now();
    const statement = this.statements.prepare(this.driver.databaseConnection, query);
    // No instrumentation knows better-sqlite3: each statement of a traced request is our own span.
    const span = startChildSpan('sqlite.query', SQLITE_SPAN);
    span?.setAttribute('db.query.text', query);
    try {
      const result = new QueryResult();
      if (statement.reader) {
        result.raw = result.records = statement.all(...parameters);
      } else {
        const outcome = statement.run(...parameters);
        result.affected = outcome.changes;
        result.raw = outcome.lastInsertRowid;
      }
      const executionTime = Date.now() - startTime;
      const { maxQueryExecutionTime } = this.driver.options;
      if (maxQueryExecutionTime && executionTime > maxQueryExecutionTime) {
        logger.logQuerySlow(executionTime, query, parameters, this);
      }
      this.broadcaster.broadcastAfterQueryEvent(
        broadcasterResult, query, parameters, true, executionTime, result.raw, undefined,
      );
      endSpan(span);
      return useStructuredResult ? result : result.raw;
    } catch (error) {
      endSpan(span, error);
      logger.logQueryError(error as Error, query, parameters, this);
      throw new QueryFailedError(query, parameters, error as Error);
    }
  }

  /** The gate is held exactly as long as the connection has this runner's transaction open. */
  private releaseGateIfEnded(): void {
    if (!(this.driver.databaseConnection as SqliteConnection).inTransaction) this.gate.release(this);
  }
}
