import { IconClose, IconMaximize, IconMinimize } from '@douyinfe/semi-icons';
import { Button, Modal } from '@douyinfe/semi-ui';
import { type ReactNode, useEffect, useState } from 'react';
import { useDrag } from './use-drag.ts';

/**
 * Spec §2.12: the list page's dialog is draggable (by its title bar, 10 ms throttle), with a fullscreen toggle and
 * a close button. Going fullscreen or reopening puts it back in place.
 */
export function DraggableDialog({
  title,
  visible,
  onClose,
  footer,
  children,
  width = 860,
}: {
  title: string;
  visible: boolean;
  onClose: () => void;
  footer?: ReactNode;
  children: ReactNode;
  width?: number;
}) {
  const [fullScreen, setFullScreen] = useState(false);
  const { offset, onMouseDown, reset } = useDrag(!fullScreen);
  useEffect(() => {
    if (visible) {
      reset();
      setFullScreen(false);
    }
  }, [visible, reset]);

  const header = (
    <div className="ly-dialog-header" onMouseDown={onMouseDown} data-testid="dialog-title-bar">
      <span className="ly-dialog-title">{title}</span>
      <span className="ly-dialog-tools">
        <Button
          theme="borderless"
          type="tertiary"
          size="small"
          icon={fullScreen ? <IconMinimize /> : <IconMaximize />}
          aria-label={fullScreen ? '退出全屏' : '全屏'}
          onClick={() => {
            reset();
            setFullScreen((f) => !f);
          }}
        />
        <Button
          theme="borderless"
          type="tertiary"
          size="small"
          icon={<IconClose />}
          aria-label="关闭"
          onClick={onClose}
        />
      </span>
    </div>
  );

  return (
    <Modal
      visible={visible}
      header={header}
      footer={footer ?? null}
      onCancel={onClose}
      width={width}
      fullScreen={fullScreen}
      maskClosable={false}
      closeOnEsc
      lazyRender
      className="ly-dialog"
      style={fullScreen ? undefined : { transform: `translate(${offset.x}px, ${offset.y}px)` }}
      bodyStyle={fullScreen ? { overflow: 'auto' } : { maxHeight: 'calc(100vh - 260px)', overflow: 'auto' }}
    >
      <div data-testid="crud-dialog">{children}</div>
    </Modal>
  );
}
