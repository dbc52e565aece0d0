/**
 * The small part of QA inspection every page load needs: whether to record (`?record`) and one
 * inspect callback feeding several inspectors. The recorder (./recorder) and the Stately inspector
 * (./inspect) are loaded only when asked for, so they weigh nothing on a normal page load.
 */
import type { InspectionEvent, Observer } from 'xstate';

export type InspectFn = (inspectionEvent: InspectionEvent) => void;
export type InspectLike = InspectFn | Observer<InspectionEvent>;

/** True when the page was opened with `?record`. */
export const shouldRecord = (location: Pick<Location, 'search'>): boolean => new URLSearchParams(location.search).has('record');

/**
 * One inspect callback feeding several inspectors (the Stately inspector and the recorder).
 * Accepts functions and observers; `undefined` entries are skipped. Returns `undefined` when none is left,
 * so `createActor(machine, { inspect: combineInspectors(...) })` attaches nothing.
 */
export const combineInspectors = (...inspectors: Array<InspectLike | undefined | null>): InspectFn | undefined => {
  const list = inspectors.filter((i): i is InspectLike => i !== undefined && i !== null);
  if (list.length === 0) return undefined;
  return (ev) => {
    for (const i of list) {
      try {
        if (typeof i === 'function') i(ev);
        else i.next?.(ev);
      } catch {
        // One failing inspector must not stop the others, nor the actor.
      }
    }
  };
};
