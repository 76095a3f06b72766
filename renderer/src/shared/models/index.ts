export { ModelPicker } from './ModelPicker';
export type { ModelPickerProps } from './ModelPicker';
export { useModelCatalogue } from './useModelCatalogue';
export { modelStrings } from './strings';
export type { CatalogueModel, CatalogueState, ModelCatalogue } from './types';
