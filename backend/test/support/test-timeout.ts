// API tests sign users up with real password hashing (scrypt, SRP), also for unknown names so that
// timing reveals no account; on a busy 2-core machine a few of them need more than Jest's 5 s.
// Set here because Jest ignores `testTimeout` inside one of several projects.
jest.setTimeout(20_000);
