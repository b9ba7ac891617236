import { IconClock } from '@douyinfe/semi-icons';
import { Empty } from '@douyinfe/semi-ui';
import type { ScreenProps } from '../../features/shell/guarded-router.tsx';

/** Honest placeholder for menu routes whose screen is not built yet (no fake data). */
export default function ComingSoon({ route, path }: ScreenProps) {
  return (
    <div className="ly-page" data-testid="coming-soon">
      <h1 className="ly-page-title">{route.title}</h1>
      <div style={{ padding: '72px 0' }}>
        <Empty
          image={<IconClock style={{ fontSize: 72, color: 'var(--semi-color-primary-light-active)' }} />}
          title="功能建设中"
          description={
            <span>
              该功能将在后续版本上线
              <br />
              <span style={{ color: 'var(--semi-color-text-2)', fontSize: 12 }}>{path}</span>
            </span>
          }
        />
      </div>
    </div>
  );
}
