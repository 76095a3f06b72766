/** The model picker's texts, shared by the agent creator's draft and the advanced form. */
export const modelStrings = {
  label: 'Modelo',
  placeholder: 'Modelo por defecto del despliegue',
  hint: 'Sin elegir, el agente usa el modelo por defecto.',
  loading: 'Cargando modelos…',
  none: 'No hay ningún modelo de IA configurado: el agente usará el modelo por defecto cuando lo haya.',
  unavailable: 'No se ha podido cargar la lista de modelos.',
  partial: (providers: string) => `Algunos proveedores no han respondido (${providers}); sus modelos no aparecen.`,
  current: (modelId: string) => `${modelId} (actual)`,
  providers: {
    bedrock: 'Amazon Bedrock',
    'openai-compatible': 'Servidor compatible con OpenAI',
  },
} as const;
