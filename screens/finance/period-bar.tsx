import { Button, Input } from '@douyinfe/semi-ui';
import { type ReactNode, useState } from 'react';
import { Named } from '../../features/ui/field.tsx';

/** The title + 期间 + 查询 bar of the one-period finance pages (销售成本, 结转成本, 存货成本, 流动资产报表). */
export function PeriodBar({
  title,
  initial,
  loading,
  onQuery,
  children,
}: {
  title: string;
  initial: string;
  loading?: boolean;
  onQuery: (period: string) => void;
  children?: ReactNode;
}) {
  const [period, setPeriod] = useState(initial);
  return (
    <div className="ly-fin-tools">
      <span className="ly-fin-title">{title}</span>
      <Named name="期间">
        <Input
          size="small"
          prefix="期间"
          style={{ width: 140 }}
          value={period}
          placeholder="yyyy-MM"
          onChange={setPeriod}
          onEnterPress={() => onQuery(period.trim())}
        />
      </Named>
      <Button size="small" theme="solid" loading={loading} onClick={() => onQuery(period.trim())}>
        查询
      </Button>
      {children}
    </div>
  );
}
