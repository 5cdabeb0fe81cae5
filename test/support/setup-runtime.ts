import { DefaultLogger, Runtime } from '@temporalio/worker';

// Workers in tests log errors only (failed webhook attempts are expected warnings).
Runtime.install({ logger: new DefaultLogger('ERROR') });
