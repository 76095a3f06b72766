export * from './bedrock-fake';
export * from './openai-fake';
export * from './stripe-fake';
export * from './otlp-receiver';
