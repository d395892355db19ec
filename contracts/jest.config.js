module.exports = {
  testEnvironment: 'node',
  roots: ['<rootDir>/src'],
  transform: { '^.+\\.ts$': ['ts-jest', { tsconfig: { isolatedModules: true, module: 'commonjs', types: ['jest'] } }] },
};
