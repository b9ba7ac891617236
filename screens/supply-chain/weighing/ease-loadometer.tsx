/**
 * 简易过磅 (/supply-chain/ease-loadometer): the one-screen flow for a small yard — pick the weighbridge, let the
 * camera (or the clerk) give the plate, press 过磅 (F2). The screen decides the pass by itself, like an unattended
 * lane: a plate without an open record gets its first pass; a plate with one gets its second pass and is completed
 * at once (the stock document is made). 完成后自动打印 opens the memo's print page after each completed truck.
 * A new truck may come with its 派车单 (issue 24): the clerk scans its QR code or types its number, and the slip fills
 * the plate, direction, party, material and contract (the station's look-up, `dispatch-slip/scan`, as the lane's);
 * the first pass is made under the slip while the plate is the slip's.
 */
import { Banner, Button, Checkbox, Tag } from '@douyinfe/semi-ui';
import { useState } from 'react';
import { formatKg } from '../../../core/format/amounts.ts';
import { WeightDisplay } from '../../../features/weighing/weight-display.tsx';
import { FiguresBar } from './figures-bar.tsx';
import { PluginSettings } from './plugin-settings.tsx';
import { SlipInput } from './slip-input.tsx';
import { StationFormFields } from './station-form.tsx';
import { loadStationSettings } from './station-settings.ts';
import { pickWeighbridge, useCameras, useStationLink, useWeighbridges } from './use-station.ts';
import { useStationKeys, useWeighingStation } from './use-weighing-station.ts';
import { WeighbridgePicker } from './weighbridge-picker.tsx';
import './station.css';

const BUTTON_TEXT = {
  new: '一次过磅',
  second: '二次过磅并完成',
  weighed: '完成',
  completed: '已完成',
  voided: '已作废',
};

export default function EaseLoadometerScreen() {
  const bridges = useWeighbridges();
  const [chosen, setChosen] = useState(() => loadStationSettings().weighbridgeId);
  const { weighbridge } = pickWeighbridge(bridges.list, chosen);
  const link = useStationLink(weighbridge);
  const cams = useCameras(weighbridge?.id);
  const st = useWeighingStation({ weighbridge, link, snapshots: cams.snapshots });
  const [autoPrint, setAutoPrint] = useState(false);

  const gate = st.stage === 'new' ? st.actions.first : st.stage === 'second' ? st.actions.second : st.actions.complete;
  const weigh = async () => {
    const r = await st.weighAuto();
    if (r?.weighState === 'completed' && autoPrint) st.print();
  };
  useStationKeys({ F2: () => void weigh(), F8: st.print, F9: () => st.newTruck() });

  if (!bridges.loading && !weighbridge) {
    return <Banner type="warning" description="没有可用的地磅，请先在 基础资料 › 地磅管理 中添加地磅" />;
  }
  const r = st.record;
  return (
    <div className="ly-ease" data-testid="ease-station" data-stage={st.stage}>
      <div className="ly-ease-bar">
        <WeighbridgePicker list={bridges.list} value={weighbridge?.id} onPick={setChosen} width={260} />
        <Checkbox checked={autoPrint} onChange={(e) => setAutoPrint(!!e.target.checked)}>
          完成后自动打印
        </Checkbox>
        <PluginSettings link={link} />
      </div>
      <WeightDisplay
        title={weighbridge?.name ?? '地磅'}
        weight={link.weight}
        status={link.status}
        car={link.car}
        onReset={link.reset}
      />
      <section className="ly-ws-card">
        <div className="ly-ws-card-title">
          <span>
            {r ? (
              <>
                磅单 <b>{r.orderNo}</b>
                <small>
                  一次过磅 {formatKg(r.firstWeight)} kg · {r.firstTime.slice(11, 16)}
                </small>
              </>
            ) : (
              '新车辆'
            )}
          </span>
          {st.stage === 'new' && <SlipInput onApply={st.applySlip} />}
          {st.cameraHint && (
            <Button size="small" theme="borderless" onClick={st.acceptCameraHint}>
              摄像头识别到 {st.cameraHint}，切换
            </Button>
          )}
        </div>
        <div className="ly-ws-grid">
          <StationFormFields
            form={st.form}
            onChange={st.setField}
            disabled={st.stage === 'completed' || st.stage === 'voided'}
            lockType={st.orderTypeLocked}
            plateTag={st.plateSource === 'camera' ? <Tag color="green">摄像头识别</Tag> : null}
            onPlateCommit={() => st.stage === 'new' && void st.checkPlate(st.form.carNumber)}
            priceUnitName={st.priceUnitName}
            priceSource={st.priceSource}
            compact
          />
        </div>
      </section>
      <FiguresBar
        preview={st.preview}
        places={st.places}
        secondLabel={st.stage === 'completed' ? '二次重量' : '当前重量'}
        manualFirst={r?.firstManual === 1}
        manualSecond={r?.secondManual === 1}
      />
      <div className="ly-ease-actions">
        <Button
          size="large"
          theme="solid"
          className="ly-ease-go"
          disabled={!gate.enabled || st.stage === 'completed' || st.stage === 'voided'}
          onClick={() => void weigh()}
          data-testid="ease-weigh"
        >
          <kbd>F2</kbd> 过磅 · {BUTTON_TEXT[st.stage]}
        </Button>
        <span className="ly-ease-hint" data-testid="ease-hint">
          {gate.hint}
        </span>
        <Button size="large" disabled={!st.actions.print.enabled} onClick={st.print} data-testid="ease-print">
          <kbd>F8</kbd> 打印
        </Button>
        <Button size="large" onClick={() => st.newTruck()}>
          <kbd>F9</kbd> 下一车
        </Button>
      </div>
      {st.previous && st.stage === 'new' && (
        <div className="ly-ws-previous">
          上一车 <b>{st.previous.carNumber}</b> 一次过磅 {formatKg(st.previous.firstWeight)} kg（{st.previous.orderNo}）
        </div>
      )}
    </div>
  );
}
