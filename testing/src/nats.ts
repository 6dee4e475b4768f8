/**
 * The NATS launcher tests share: a real nats-server child process (Debian's) on a free port, with
 * JetStream in a temporary folder. The orchestrator of `make run` starts NATS the same way, so tests
 * use its launcher rather than a second one.
 */
export { freePort, startNatsServer, type NatsServerHandle } from '@story/infra/src/nats-server.ts';
