import { type ListTasksRequest, type ListTasksResponse, Task, TaskState } from '@a2a-js/sdk';
import type { ServerCallContext, TaskStore } from '@a2a-js/sdk/server';
import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import { InstanceBus } from '../../instance-bus/instance-bus';
import { A2aTask } from '../entities/a2a-task.entity';
import { callerOf } from './a2a-caller';

/** The rows a caller may see: the tasks its key's owner created with this agent. */
function scopeOf(context: ServerCallContext): { ownerSub: string; agentId: string } {
  const { key } = callerOf(context);
  // A buyer's key's tasks are the buyer's (issue 36): neither the creator nor other buyers read them.
  return { ownerSub: key.buyer?.sub ?? key.owner.sub, agentId: key.agentId };
}

const fromRow = (row: A2aTask): Task => Task.fromJSON(JSON.parse(row.task));

/**
 * The SDK's TaskStore on the a2a_tasks table: a task written by one instance is read, listed and
 * cancelled by any other. A task of another owner or agent is not found. A task stored as
 * cancelled is announced on the instance bus, so that the instance running it stops it
 * (A2aAgentExecutor).
 */
@Injectable()
export class A2aTaskStore implements TaskStore {
  constructor(
    @InjectRepository(A2aTask) private readonly tasks: Repository<A2aTask>,
    private readonly bus: InstanceBus,
  ) {}

  async save(task: Task, context: ServerCallContext): Promise<void> {
    const scope = scopeOf(context);
    const row = { id: task.id, ...scope, contextId: task.contextId, state: task.status?.state ?? TaskState.TASK_STATE_UNSPECIFIED, task: JSON.stringify(Task.toJSON(task)), updatedAt: Date.now() };
    const updated = await this.tasks.update({ id: task.id, ...scope }, row);
    if (!updated.affected) await this.tasks.insert(row);
    if (row.state === TaskState.TASK_STATE_CANCELED) await this.bus.publish('a2a.task-canceled', task.id);
  }

  async load(taskId: string, context: ServerCallContext): Promise<Task | undefined> {
    const row = await this.tasks.findOneBy({ id: taskId, ...scopeOf(context) });
    return row ? fromRow(row) : undefined;
  }

  /** Deletes every task (any owner's) last changed before `time` (epoch ms); answers how many. */
  async deleteUpdatedBefore(time: number): Promise<number> {
    return (await this.tasks.createQueryBuilder().delete().where('updated_at < :time', { time }).execute()).affected ?? 0;
  }

  /** Newest first; the page token is the position of the next page. */
  async list(params: ListTasksRequest, context: ServerCallContext): Promise<ListTasksResponse> {
    const pageSize = params.pageSize ?? 50;
    const offset = /^\d+$/.test(params.pageToken) ? Number(params.pageToken) : 0;
    const query = this.tasks.createQueryBuilder('task').where('task.owner_sub = :ownerSub AND task.agent_id = :agentId', scopeOf(context));
    if (params.contextId) query.andWhere('task.context_id = :contextId', { contextId: params.contextId });
    if (params.status) query.andWhere('task.state = :state', { state: params.status });
    if (params.statusTimestampAfter) query.andWhere('task.updated_at > :after', { after: Date.parse(params.statusTimestampAfter) });
    const [rows, totalSize] = await query
      .orderBy('task.updated_at', 'DESC')
      .addOrderBy('task.id', 'DESC')
      .skip(offset)
      .take(pageSize)
      .getManyAndCount();
    const tasks = rows.map(fromRow).map((task) => (params.includeArtifacts ? task : { ...task, artifacts: [] }));
    return { tasks, nextPageToken: offset + rows.length < totalSize ? String(offset + rows.length) : '', pageSize, totalSize };
  }
}
