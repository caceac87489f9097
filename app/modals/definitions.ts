/** What a route declares in `handle.modals` (app/handle.ts); rendering lives in route-modals.tsx. */
import type { ComponentType } from "react";
import type { ModalWidth } from "./modal-link";

export interface ModalContentProps<Data = unknown> {
  /** What the declaring route's loader returned under `modals[name]` (undefined when it loaded nothing). */
  data: Data | undefined;
  /** The id the content's heading must carry: it names the dialog. */
  titleId: string;
  name: string;
}

export interface ModalDefinition<Data = never> {
  /** narrow: 34em (default), wide: 80em (R-CON-03). */
  width?: ModalWidth;
  /** Default true. A function decides from the modal's data (e.g. an error entry's disableClose). */
  closable?: boolean | ((data: Data | undefined) => boolean);
  Content: ComponentType<ModalContentProps<Data>>;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type ModalDefinitions = Record<string, ModalDefinition<any>>;

/** The modals a route supports, for its `handle.modals` (names: lower case, digits, dashes). */
export function defineModals<T extends ModalDefinitions>(definitions: T): T {
  return definitions;
}
