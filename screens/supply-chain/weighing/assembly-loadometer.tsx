/**
 * 分拣过磅 (/supply-chain/assembly-loadometer): weighing the outputs of sorting. One input lot (material and
 * weight — typed, or weighed on the scale) is sorted into graded outputs that are weighed in turn in a container
 * (its tare is taken off each reading; F2 称产出 takes a stable reading). The loss is shown as it goes; 生成拆解单
 * (F4) makes the 拆解分拣单 (izs-stock disassembly-order: the input issued at average cost, allocated to the
 * outputs by weight or by ratio at review), and 提交审核 sends it on.
 */
import { Banner, Button, Input, Radio, RadioGroup, Table, Tag, Toast } from '@douyinfe/semi-ui';
import { useMemo, useState } from 'react';
import { Link } from 'wouter';
import { type Row, refOf, useResourceSubmitMutation } from '../../../core/api/crud.api.ts';
import { useDocLifecycleMutation } from '../../../core/api/izs-stock.api.ts';
import { MATERIAL_SELECT, WAREHOUSE_SELECT } from '../../../core/contract/izs-stock/fields.ts';
import { disassemblyResource } from '../../../core/contract/izs-stock/stock-order.contract.ts';
import { formatKg } from '../../../core/format/amounts.ts';
import { hasPermission } from '../../../core/permissions/permissions-slice.ts';
import { useAppSelector } from '../../../core/store/hooks.ts';
import { FieldControl } from '../../../features/crud/field-kinds.tsx';
import { labelOf, useOptions } from '../../../features/crud/options.tsx';
import { Named } from '../../../features/ui/field.tsx';
import { WeightDisplay } from '../../../features/weighing/weight-display.tsx';
import { ActionButton } from './action-button.tsx';
import { PluginSettings } from './plugin-settings.tsx';
import { disassemblyBody, netOfContainer, SortingError, type SortLine, sortingSummary } from './sorting-model.ts';
import { captureOf } from './station-model.ts';
import { loadStationSettings } from './station-settings.ts';
import { pickWeighbridge, useStationLink, useWeighbridges } from './use-station.ts';
import { useStationKeys } from './use-weighing-station.ts';
import { WeighbridgePicker } from './weighbridge-picker.tsx';
import './station.css';

const decimalText = (v: string) => v.replace(/[^\d.]/g, '');

export default function AssemblyLoadometerScreen() {
  const map = useAppSelector((s) => s.permissions.map);
  const canAdd = hasPermission(map, `${disassemblyResource.permission}_add`);
  const canManual = hasPermission(map, 'supply_chain_loadometer_manual');
  const bridges = useWeighbridges();
  const [chosen, setChosen] = useState(() => loadStationSettings().weighbridgeId);
  const { weighbridge } = pickWeighbridge(bridges.list, chosen);
  const link = useStationLink(weighbridge);
  const materials = useOptions(MATERIAL_SELECT);

  const [warehouseId, setWarehouseId] = useState('');
  const [inputMaterialId, setInputMaterialId] = useState('');
  const [inputQty, setInputQty] = useState('');
  const [containerTare, setContainerTare] = useState('');
  const [allocMethod, setAllocMethod] = useState<'weight' | 'ratio'>('weight');
  const [outputMaterialId, setOutputMaterialId] = useState('');
  const [manualQty, setManualQty] = useState('');
  const [lines, setLines] = useState<SortLine[]>([]);
  const [created, setCreated] = useState<{ id: string; orderNo: string; state: string } | null>(null);
  const [submit, submitState] = useResourceSubmitMutation();
  const [lifecycle] = useDocLifecycleMutation();
  const ref = useMemo(() => refOf(disassemblyResource), []);

  const warehouse = warehouseId || weighbridge?.warehouseId || '';
  const capture = captureOf({ enabled: link.enabled, weight: link.weight }, { on: false, value: '' }, false);
  const summary = sortingSummary(inputQty, lines, allocMethod, inputMaterialId);
  const nameOf = (id: string) => labelOf(materials.options, id) ?? id;

  const addLine = (qty: string, manual: boolean) => {
    if (!outputMaterialId) return Toast.warning('请先选择产出物料');
    setLines((ls) => [
      ...ls,
      {
        key: `${Date.now()}-${ls.length}`,
        materialId: outputMaterialId,
        materialName: nameOf(outputMaterialId),
        qty,
        ratio: '',
        manual,
      },
    ]);
    setCreated(null);
  };
  const weighOutput = () => {
    if (!capture.ok) return Toast.warning(capture.reason);
    try {
      addLine(netOfContainer(capture.weight, containerTare), false);
    } catch (e) {
      if (e instanceof SortingError) Toast.warning(e.message);
    }
  };
  const weighInput = () => {
    if (!capture.ok) return Toast.warning(capture.reason);
    try {
      setInputQty(netOfContainer(capture.weight, containerTare));
    } catch (e) {
      if (e instanceof SortingError) Toast.warning(e.message);
    }
  };
  const make = async () => {
    if (summary.problem || !warehouse) return Toast.warning(summary.problem || '请选择仓库');
    const body = disassemblyBody({
      warehouseId: warehouse,
      inputMaterialId,
      inputQty,
      lines,
      allocMethod,
      remark: '分拣过磅',
    });
    const r = await submit({ ref, body: body as unknown as Row });
    if ('error' in r || !r.data?.data) return;
    const d = r.data.data;
    setCreated({ id: String(d.id), orderNo: String(d.orderNo), state: String(d.state) });
    Toast.success({ content: `已生成拆解分拣单 ${d.orderNo}`, duration: 3 });
  };
  const submitReview = async () => {
    if (!created) return;
    const r = await lifecycle({ ref: refOf(disassemblyResource), action: 'submitReview', body: { id: created.id } });
    if ('error' in r) return;
    setCreated({ ...created, state: 'submitted' });
    Toast.success({ content: '已提交审核', duration: 3 });
  };
  const reset = () => {
    setLines([]);
    setInputQty('');
    setInputMaterialId('');
    setCreated(null);
  };
  useStationKeys({ F2: weighOutput, F4: () => void make() });

  if (!bridges.loading && !weighbridge) {
    return <Banner type="warning" description="没有可用的地磅，请先在 基础资料 › 地磅管理 中添加地磅" />;
  }
  const captureState = {
    enabled: capture.ok && !!outputMaterialId,
    hint: capture.ok ? (outputMaterialId ? '' : '请先选择产出物料') : capture.reason,
  };
  return (
    <div className="ly-sort" data-testid="sorting-station">
      <div className="ly-ws-left">
        <div className="ly-ease-bar">
          <WeighbridgePicker list={bridges.list} value={weighbridge?.id} onPick={setChosen} width={240} />
          <PluginSettings link={link} />
        </div>
        <WeightDisplay
          title={weighbridge?.name ?? '地磅'}
          weight={link.weight}
          status={link.status}
          onReset={link.reset}
        />
        <section className="ly-ws-card">
          <div className="ly-ws-card-title">投入</div>
          <div className="ly-sort-form">
            <label htmlFor="sort-warehouse">仓库</label>
            <Named name="仓库">
              <FieldControl
                id="sort-warehouse"
                spec={{ field: 'warehouseId', label: '仓库', kind: 'select', options: WAREHOUSE_SELECT }}
                value={warehouse}
                onChange={(v) => setWarehouseId(v ? String(v) : '')}
              />
            </Named>
            <label htmlFor="sort-input">投入物料</label>
            <Named name="投入物料">
              <FieldControl
                id="sort-input"
                spec={{ field: 'inputMaterialId', label: '投入物料', kind: 'select', options: MATERIAL_SELECT }}
                value={inputMaterialId}
                onChange={(v) => setInputMaterialId(v ? String(v) : '')}
              />
            </Named>
            <label htmlFor="sort-input-qty">投入重量</label>
            <div className="ly-sort-inline">
              <Input
                id="sort-input-qty"
                value={inputQty}
                onChange={(v) => setInputQty(decimalText(v))}
                suffix="kg"
                placeholder="整批重量"
              />
              <Button onClick={weighInput} disabled={!capture.ok}>
                称投入
              </Button>
            </div>
            <label htmlFor="sort-tare">容器皮重</label>
            <Input
              id="sort-tare"
              value={containerTare}
              onChange={(v) => setContainerTare(decimalText(v))}
              suffix="kg"
              placeholder="料框/吨袋皮重，称重时扣除"
            />
            <span className="ly-sort-label">分摊方式</span>
            <RadioGroup type="button" value={allocMethod} onChange={(e) => setAllocMethod(e.target.value)}>
              <Radio value="weight">按重量分摊</Radio>
              <Radio value="ratio">按比例分摊</Radio>
            </RadioGroup>
          </div>
        </section>
      </div>

      <div className="ly-ws-left">
        <section className="ly-ws-card ly-sort-outputs">
          <div className="ly-ws-card-title">
            <span>产出（依次称重）</span>
            <small>{lines.length} 项</small>
          </div>
          <div className="ly-sort-inline">
            <div style={{ flex: 1 }}>
              <Named name="产出物料">
                <FieldControl
                  id="sort-output"
                  spec={{ field: 'outputMaterialId', label: '产出物料', kind: 'select', options: MATERIAL_SELECT }}
                  value={outputMaterialId}
                  onChange={(v) => setOutputMaterialId(v ? String(v) : '')}
                />
              </Named>
            </div>
            <ActionButton
              label="称产出"
              keyName="F2"
              state={captureState}
              onClick={weighOutput}
              primary
              testId="sort-weigh"
            />
          </div>
          {canManual && (
            <div className="ly-sort-inline ly-ws-manual">
              <span>手工录入</span>
              <Input
                value={manualQty}
                onChange={(v) => setManualQty(decimalText(v))}
                suffix="kg"
                placeholder="产出重量"
              />
              <Button
                disabled={!manualQty || Number(manualQty) <= 0}
                onClick={() => {
                  addLine(manualQty, true);
                  setManualQty('');
                }}
              >
                加入
              </Button>
            </div>
          )}
          <Table
            size="small"
            pagination={false}
            rowKey="key"
            dataSource={lines}
            empty="选择产出物料后放上地磅，稳定后按 F2 称重"
            columns={[
              { title: '#', width: 40, render: (_: unknown, _r: SortLine, i: number) => i + 1 },
              { title: '产出物料', dataIndex: 'materialName' },
              {
                title: '重量(kg)',
                dataIndex: 'qty',
                align: 'right' as const,
                render: (v: string, r: SortLine) => (
                  <span className="ly-crud-num">
                    {formatKg(v)}
                    {r.manual && <em className="ly-ws-manual-mark">手工</em>}
                  </span>
                ),
              },
              ...(allocMethod === 'ratio'
                ? [
                    {
                      title: '比例',
                      dataIndex: 'ratio',
                      width: 110,
                      render: (v: string, r: SortLine) => (
                        <Input
                          size="small"
                          value={v}
                          onChange={(x) =>
                            setLines((ls) => ls.map((l) => (l.key === r.key ? { ...l, ratio: decimalText(x) } : l)))
                          }
                        />
                      ),
                    },
                  ]
                : []),
              {
                title: '操作',
                width: 70,
                render: (_: unknown, r: SortLine) => (
                  <Button
                    theme="borderless"
                    type="danger"
                    size="small"
                    onClick={() => setLines((ls) => ls.filter((l) => l.key !== r.key))}
                  >
                    删除
                  </Button>
                ),
              },
            ]}
          />
        </section>
        <section className="ly-ws-figures ly-sort-summary" data-testid="sort-summary">
          {(
            [
              ['投入(kg)', formatKg(summary.inputKg) || '—'],
              ['产出合计(kg)', formatKg(summary.outputKg)],
              ['损耗(kg)', formatKg(summary.lossKg) || '—'],
              ['损耗率', summary.lossRate ? `${summary.lossRate}%` : '—'],
            ] as const
          ).map(([label, value]) => (
            <div className="ly-ws-fig" key={label}>
              <span className="ly-ws-fig-label">{label}</span>
              <span className="ly-ws-fig-value">{value}</span>
            </div>
          ))}
        </section>
        <section className="ly-ws-actions">
          <ActionButton
            label="生成拆解单"
            keyName="F4"
            state={{
              enabled: canAdd && !summary.problem && !created && !submitState.isLoading,
              hint: !canAdd ? '没有新增拆解分拣单的权限' : created ? '已生成' : summary.problem,
            }}
            onClick={() => void make()}
            primary
            testId="sort-make"
          />
          <Button size="large" onClick={reset}>
            清空
          </Button>
          {created && (
            <span className="ly-ws-previous" data-testid="sort-created">
              拆解分拣单 <b>{created.orderNo}</b>{' '}
              <Tag size="small">{created.state === 'draft' ? '草稿' : '已提交'}</Tag>
              {created.state === 'draft' && (
                <Button size="small" theme="borderless" onClick={() => void submitReview()}>
                  提交审核
                </Button>
              )}
              <Link href="/supply-chain/stock/disassembly-order" className="ly-ws-detail-link">
                拆解分拣单列表
              </Link>
            </span>
          )}
        </section>
      </div>
    </div>
  );
}
