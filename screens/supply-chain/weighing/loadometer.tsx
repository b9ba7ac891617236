import { Banner, Button, Input, Switch, Tag } from '@douyinfe/semi-ui';
import { useEffect, useRef } from 'react';
import { Link, useLocation } from 'wouter';
import { formatKg } from '../../../core/format/amounts.ts';
import type { ScreenProps } from '../../../features/shell/guarded-router.tsx';
import { WeightDisplay } from '../../../features/weighing/weight-display.tsx';
import { ActionButton } from './action-button.tsx';
import { CameraStrip } from './camera-strip.tsx';
import { FiguresBar } from './figures-bar.tsx';
import { PluginSettings } from './plugin-settings.tsx';
import { SlipInput } from './slip-input.tsx';
import { enterMovesOn, StationFormFields } from './station-form.tsx';
import { stationPath } from './station-model.ts';
import { saveStationSettings } from './station-settings.ts';
import { pickWeighbridge, useCameras, useStationLink, useWeighbridges } from './use-station.ts';
import { useStationKeys, useWeighingStation } from './use-weighing-station.ts';
import { YardQueue } from './yard-queue.tsx';
import './station.css';
import { Select } from '../../../features/ui/select.tsx';

const STAGE_TEXT = {
  new: { text: '新车辆 · 待一次过磅', color: 'blue' },
  second: { text: '已一次过磅 · 待二次过磅', color: 'orange' },
  weighed: { text: '已二次过磅 · 待完成', color: 'amber' },
  completed: { text: '已完成', color: 'green' },
  voided: { text: '已作废', color: 'grey' },
} as const;

export default function LoadometerScreen({ path }: ScreenProps) {
  const [, navigate] = useLocation();
  const routeId = path.split('/').pop();
  const bridges = useWeighbridges();
  // the sidebar opens /1: an unknown id shows this PC's weighbridge (or the first) without another tab
  const { weighbridge, fixed } = pickWeighbridge(bridges.list, routeId);
  useEffect(() => {
    if (weighbridge && !fixed) saveStationSettings({ weighbridgeId: weighbridge.id });
  }, [fixed, weighbridge]);

  const link = useStationLink(weighbridge);
  const cams = useCameras(weighbridge?.id);
  const st = useWeighingStation({ weighbridge, link, snapshots: cams.snapshots });
  const primaryRef = useRef<HTMLButtonElement>(null);
  useStationKeys({
    F2: () => void st.firstPass(),
    F3: () => void st.secondPass(),
    F4: () => void st.complete(),
    F8: st.print,
    F9: () => st.newTruck(),
  });

  const r = st.record;
  const stage = STAGE_TEXT[st.stage];
  if (!bridges.loading && !weighbridge) {
    return <Banner type="warning" description="没有可用的地磅，请先在 基础资料 › 地磅管理 中添加地磅" />;
  }
  return (
    <div className="ly-ws" data-testid="weighing-station" data-stage={st.stage}>
      <div className="ly-ws-left">
        <div className="ly-ws-top">
          <WeightDisplay
            title={weighbridge?.name ?? '地磅'}
            weight={link.weight}
            status={link.status}
            car={link.car}
            onReset={link.reset}
          />
          <div className="ly-ws-bridge">
            <Select
              value={weighbridge?.id}
              optionList={bridges.list.map((w) => ({ label: w.name, value: w.id }))}
              onChange={(v) => navigate(stationPath(String(v)))}
              style={{ width: '100%' }}
              prefix="地磅"
              data-testid="ws-weighbridge"
            />
            <div className="ly-ws-bridge-row">
              <Tag size="large" color={stage.color} data-testid="ws-stage">
                {stage.text}
              </Tag>
              <PluginSettings link={link} />
            </div>
            {link.status === 'disabled' && (
              <div className="ly-ws-link-down" role="alert" data-testid="ws-link-down">
                插件未连接，请检查地磅桥接程序
                <Button size="small" type="danger" theme="solid" onClick={link.reset}>
                  重新连接
                </Button>
              </div>
            )}
            {st.canManual && (
              <div className={`ly-ws-manual${st.manual.on ? ' is-on' : ''}`} data-testid="manual-entry">
                <Switch
                  checked={st.manual.on}
                  onChange={(on) => st.setManual((m) => ({ ...m, on }))}
                  aria-label="手工录入"
                  data-testid="manual-toggle"
                />
                <span>手工录入</span>
                <Input
                  value={st.manual.value}
                  onChange={(v) => st.setManual((m) => ({ ...m, value: v.replace(/[^\d.]/g, '') }))}
                  disabled={!st.manual.on}
                  suffix="kg"
                  placeholder="重量"
                  data-testid="manual-weight"
                />
                {st.manual.on && (
                  <Input
                    value={st.manual.reason ?? ''}
                    onChange={(v) => st.setManual((m) => ({ ...m, reason: v }))}
                    placeholder="手工录入原因（必填，磅单将记为异常过磅）"
                    maxLength={255}
                    data-testid="manual-reason"
                  />
                )}
              </div>
            )}
          </div>
        </div>

        <section className="ly-ws-card ly-ws-form" onKeyDown={(e) => enterMovesOn(e, () => primaryRef.current)}>
          <div className="ly-ws-card-title">
            <span>
              {r ? (
                <>
                  磅单 <b data-testid="ws-order-no">{r.orderNo}</b>
                  <small>
                    一次过磅 {r.firstTime.slice(11, 16)} · {r.firstOperatorName ?? ''}
                    {r.stockOrderNo ? ` · 出入库单 ${r.stockOrderNo}` : ''}
                  </small>
                  <Link href={`/supply-chain/weight-memo-detail/${r.id}`} className="ly-ws-detail-link">
                    详情
                  </Link>
                </>
              ) : (
                '车辆信息'
              )}
            </span>
            {st.stage === 'new' && <SlipInput onApply={st.applySlip} />}
            {st.cameraHint && (
              <span className="ly-ws-hint">
                摄像头识别到 <b>{st.cameraHint}</b>
                <Button size="small" theme="borderless" onClick={st.acceptCameraHint}>
                  切换到该车
                </Button>
              </span>
            )}
          </div>
          <div className="ly-ws-grid">
            <StationFormFields
              form={st.form}
              onChange={st.setField}
              disabled={st.stage === 'completed' || st.stage === 'voided'}
              lockType={st.orderTypeLocked}
              plateTag={
                st.plateSource === 'camera' ? (
                  <Tag color="green" size="small">
                    摄像头识别
                  </Tag>
                ) : null
              }
              onPlateCommit={() => st.stage === 'new' && void st.checkPlate(st.form.carNumber)}
              priceUnitName={st.priceUnitName}
              priceSource={st.priceSource}
            />
          </div>
        </section>

        <FiguresBar
          preview={st.preview}
          places={st.places}
          secondLabel={st.stage === 'weighed' || st.stage === 'completed' ? '二次重量' : '当前重量'}
          manualFirst={r?.firstManual === 1}
          manualSecond={
            r ? r.secondManual === 1 || (st.stage === 'second' && st.capture.manual === 1) : st.capture.manual === 1
          }
        />

        <section className="ly-ws-actions">
          <ActionButton
            label="一次过磅"
            keyName="F2"
            state={st.actions.first}
            onClick={() => void st.firstPass()}
            primary={st.stage === 'new'}
            testId="ws-first-pass"
            buttonRef={st.stage === 'new' ? primaryRef : undefined}
          />
          <ActionButton
            label="二次过磅"
            keyName="F3"
            state={st.actions.second}
            onClick={() => void st.secondPass()}
            primary={st.stage === 'second'}
            testId="ws-second-pass"
            buttonRef={st.stage === 'second' ? primaryRef : undefined}
          />
          <ActionButton
            label="完成"
            keyName="F4"
            state={st.actions.complete}
            onClick={() => void st.complete()}
            primary={st.stage === 'weighed'}
            testId="ws-complete"
            buttonRef={st.stage === 'weighed' ? primaryRef : undefined}
          />
          <ActionButton label="打印" keyName="F8" state={st.actions.print} onClick={st.print} testId="ws-print" />
          <ActionButton
            label="下一车"
            keyName="F9"
            state={{ enabled: true, hint: '' }}
            onClick={() => st.newTruck()}
            testId="ws-next"
          />
          {st.previous && st.stage === 'new' && (
            <span className="ly-ws-previous" data-testid="ws-previous">
              上一车 <b>{st.previous.carNumber}</b> 一次过磅 {formatKg(st.previous.firstWeight)} kg（
              {st.previous.orderNo}）
            </span>
          )}
        </section>
      </div>

      <div className="ly-ws-right">
        <CameraStrip cameras={cams.cameras} car={link.car} />
        <YardQueue currentId={r?.id} onPick={st.loadRecord} />
      </div>
    </div>
  );
}
