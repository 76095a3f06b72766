import type { SignedRequest } from './admin/sigv4';
import { Errors } from './cognito-errors';

/** A request body of the Cognito JSON protocol, read defensively: clients send anything. */
export type Params = Record<string, unknown>;

export interface CallContext {
  /** The caller's address, for throttling failed sign-ins. */
  ip: string;
  /** The request as it arrived, for the SigV4 check of the Admin* operations. */
  signed?: SignedRequest;
}

export function requireString(params: Params, name: string): string {
  const value = params[name];
  if (typeof value !== 'string' || value === '') throw Errors.missingParameter(name);
  return value;
}

export function optionalString(params: Params, name: string): string | undefined {
  const value = params[name];
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/** AuthParameters, ChallengeResponses: a map of strings (anything else is dropped). */
export function stringMap(params: Params, name: string, required = true): Record<string, string> {
  const value = params[name];
  if (value === undefined || value === null) {
    if (required) throw Errors.missingParameter(name);
    return {};
  }
  if (typeof value !== 'object' || Array.isArray(value)) throw Errors.invalidParameter(`${name} must be a map of strings`);
  return Object.fromEntries(Object.entries(value).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
}

export function optionalObject(params: Params, name: string): Params | undefined {
  const value = params[name];
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Params) : undefined;
}

/** Cognito's CodeDeliveryDetails for an e-mail, with the address masked ("a***@e***.com"). */
export function emailDelivery(email: string) {
  return { Destination: maskEmail(email), DeliveryMedium: 'EMAIL', AttributeName: 'email' };
}

export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  const local = at > 0 ? email.slice(0, at) : email;
  const domain = at > 0 ? email.slice(at + 1) : 'example.com';
  const dot = domain.lastIndexOf('.');
  const host = dot > 0 ? domain.slice(0, dot) : domain;
  const tld = dot > 0 ? domain.slice(dot) : '';
  return `${local.charAt(0)}***@${host.charAt(0)}***${tld}`;
}

/** Every client call names the app client; only the configured one exists. */
export function requireClient(params: Params, clientId: string): string {
  const given = requireString(params, 'ClientId');
  if (given !== clientId) throw Errors.unknownClient(given);
  return given;
}
