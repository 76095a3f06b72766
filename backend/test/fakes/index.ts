export * from './bedrock-fake';
export * from './openai-fake';
