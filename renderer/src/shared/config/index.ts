export * from './constants';
export {
  defaultRuntimeConfig,
  getApiBase,
  getRuntimeConfig,
  hasFeature,
  parseRuntimeConfig,
  setRuntimeConfig,
  webPageUrl,
} from './runtimeConfig';
export type {
  IdentityConfig,
  IdentityProvider,
  PaymentsConfig,
  PaymentsProvider,
  RuntimeConfig,
  TrackingConfig,
} from './runtimeConfig';
export { loadRuntimeConfig } from './loadRuntimeConfig';
export type { LoadedRuntimeConfig, RuntimeConfigSource } from './loadRuntimeConfig';
export {
  loadRuntimeConfigAtom,
  runtimeConfigAtom,
  runtimeConfigStatusAtom,
  useRuntimeConfig,
} from './runtimeConfigAtoms';
export type { RuntimeConfigStatus } from './runtimeConfigAtoms';
export { useCategories, useFormLimits } from './formConfig';
export type { Categories, CategoryOption, FieldBounds, FormLimits } from './formConfig';
