// The whole Jest setup of the consumer project: ts-jest's default (CommonJS) preset, nothing else.
module.exports = { preset: 'ts-jest' };
