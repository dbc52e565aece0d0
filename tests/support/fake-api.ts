/**
 * Flow services on a fake API for effect tests: every call is recorded by endpoint name with its
 * body and answered by `answer(name, body)`; what the effects tell the app system (`sendTo`) and
 * the router (`navigate`) is recorded too. Storage is in memory, the extension the fake one.
 */
import { nameOfEndpoint, type EndpointName } from '../../src/contract/all-endpoints';
import type { Endpoint } from '../../src/contract/endpoint';
import type { ApiClient } from '../../src/services/api/client';
import { createFakeExtension } from '../../src/services/extension/fake';
import type { FlowServices } from '../../src/services/flow-services';
import { createMemoryBackend, createStorage } from '../../src/services/storage';
import { serviceFakes, type ShownToast } from './service-fakes';

export type FakeFlowServices = {
  services: FlowServices;
  calls: { name: EndpointName; body: unknown }[];
  sent: { systemId: string; event: unknown }[];
  navigations: { to: string; replace: boolean | undefined }[];
  /** The toasts the effects showed (their English text). */
  shown: ShownToast[];
};

export const fakeFlowServices = (answer: (name: EndpointName, body: unknown) => unknown): FakeFlowServices => {
  const calls: FakeFlowServices['calls'] = [];
  const sent: FakeFlowServices['sent'] = [];
  const navigations: FakeFlowServices['navigations'] = [];
  const api = {
    call: (async (endpoint: Endpoint, body?: unknown) => {
      const name = nameOfEndpoint(endpoint);
      calls.push({ name, body });
      return answer(name, body);
    }) as ApiClient['call'],
  };
  const storage = createStorage(createMemoryBackend({}));
  const extras = serviceFakes(storage);
  const services: FlowServices = {
    api,
    storage,
    bridge: createFakeExtension(),
    clipboard: { writeText: async () => undefined },
    files: { save: () => undefined },
    ...extras,
    navigate: (to, o) => navigations.push({ to, replace: o?.replace }),
    sendTo: (systemId, event) => sent.push({ systemId, event }),
  };
  return { services, calls, sent, navigations, shown: extras.shown };
};
