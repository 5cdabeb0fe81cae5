import { DefaultLogger, Runtime } from '@temporalio/worker';

// Workers in tests log warnings and errors only.
Runtime.install({ logger: new DefaultLogger('WARN') });
