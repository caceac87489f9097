import { Modal, ModalStack } from "./modal";
import type { OpenModal } from "./route-modals";

/** The open modals of the URL (useRouteModals) as a stack of dialogs; loaded apart (route-modals.tsx). */
export function OpenModals({ modals, overlay }: { modals: OpenModal[]; overlay: boolean }) {
  if (modals.length === 0) return null;
  return (
    <div className="modal-root" data-modal-root="">
      <ModalStack overlay={overlay}>
        {modals.map(({ name, definition, data, closeHref }) => {
          const closable = typeof definition.closable === "function" ? definition.closable(data) : (definition.closable ?? true);
          const titleId = `modal-${name}-title`;
          const { Content } = definition;
          return (
            <Modal key={name} name={name} titleId={titleId} width={definition.width} closeHref={closeHref} closable={closable}>
              <Content data={data} titleId={titleId} name={name} />
            </Modal>
          );
        })}
      </ModalStack>
    </div>
  );
}
