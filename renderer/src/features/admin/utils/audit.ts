import type { components } from '../../../shared/api';
import { adminStrings } from '../strings';
import { formatDateTime, formatMoney, minorToMajor } from './format';

const strings = adminStrings.audit;

export type AuditEntry = components['schemas']['AuditEntryDto'];
/** Names by id, as GET /api-admin/audit serves them with each page. */
export type AuditNames = Record<string, string>;
type State = Record<string, unknown>;

/** Fields holding an id that the page's names can name. */
const ID_FIELDS = new Set(['userSub', 'creatorSub', 'subscriberSub', 'agentId', 'ecosystemId', 'accountId', 'destinationAccountId']);
/** Amounts in the currency's minor unit (cents), with the state's `currency`. */
const CENT_FIELDS = new Set(['unitAmount', 'amount']);
/** Amounts in the currency itself (a subscription's monthly price, in euros). */
const MAJOR_FIELDS = new Set(['price']);
const DATE_FIELDS = new Set(['currentPeriodEnd']);

/** 'Deshabilitar usuario' for 'user.disable'; an action this screen does not know keeps its code. */
export function actionLabel(action: string): string {
  return strings.actions[action] ?? action;
}

/** Who did it: the user's name, 'El sistema', the command line, or the id when there is no name. */
export function actorLabel(actorSub: string, names: AuditNames): string {
  return strings.actors[actorSub] ?? names[actorSub] ?? actorSub;
}

/** 'Usuario: ana@example.com' for 'user:{sub}'; 'Plataforma' for 'platform'. */
export function targetLabel(target: string, names: AuditNames): string {
  const separator = target.indexOf(':');
  if (separator < 0) return strings.targets[target] ?? target;
  const kind = target.slice(0, separator);
  const id = target.slice(separator + 1);
  const kindLabel = strings.targets[kind] ?? kind;
  return `${kindLabel}: ${names[id] ?? id}`;
}

/** How the screen names what the server knows by a code: an agent's category by its label. */
export interface AuditLabels {
  category?(slug: string): string;
}

/** A value of a field as a person reads it. */
export function valueLabel(field: string, value: unknown, state: State | null, names: AuditNames, labels: AuditLabels = {}): string {
  if (value === null || value === undefined || value === '') return adminStrings.none;
  if (typeof value === 'boolean') return value ? adminStrings.yes : adminStrings.no;
  const currency = typeof state?.currency === 'string' ? state.currency : 'eur';
  if (typeof value === 'number' && CENT_FIELDS.has(field)) return formatMoney(minorToMajor(value, currency), currency);
  if (typeof value === 'number' && MAJOR_FIELDS.has(field)) return formatMoney(value, currency);
  if (typeof value === 'number') return new Intl.NumberFormat('es-ES').format(value);
  if (typeof value === 'string') {
    if (ID_FIELDS.has(field)) return names[value] ?? value;
    if (DATE_FIELDS.has(field)) return formatDateTime(value);
    if (field === 'currency') return value.toUpperCase();
    if (field === 'category' && labels.category) return labels.category(value);
    return strings.values[value] ?? value;
  }
  return JSON.stringify(value);
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * What the entry changed, one line a field: 'Rol: usuario → administrador'. Fields that kept their
 * value are left out; a new thing (no before) lists its fields, a removed one (no after) what it
 * was. The currency goes with the amounts rather than on its own line.
 */
export function changeLines(entry: Pick<AuditEntry, 'before' | 'after'>, names: AuditNames, labels: AuditLabels = {}): string[] {
  const before = (entry.before ?? null) as State | null;
  const after = (entry.after ?? null) as State | null;
  const fields = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  const hasAmount = fields.some((field) => CENT_FIELDS.has(field) || MAJOR_FIELDS.has(field));
  const lines: string[] = [];
  for (const field of fields) {
    if (field === 'currency' && hasAmount) continue;
    const label = strings.fields[field] ?? field;
    const inBefore = before !== null && field in before;
    const inAfter = after !== null && field in after;
    const was = valueLabel(field, before?.[field], before, names, labels);
    const is = valueLabel(field, after?.[field], after, names, labels);
    if (inBefore && inAfter) {
      if (!same(before[field], after[field])) lines.push(`${label}: ${was} → ${is}`);
    } else if (inAfter) {
      lines.push(before === null ? `${label}: ${is}` : `${label}: ${adminStrings.none} → ${is}`);
    } else if (inBefore) {
      lines.push(after === null ? `${label}: ${was}` : `${label}: ${was} → ${adminStrings.none}`);
    }
  }
  return lines;
}
