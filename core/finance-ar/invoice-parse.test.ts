import { describe, expect, it } from 'vitest';
import { parseEInvoiceXml, parseInvoiceText } from './invoice-parse.ts';

/** A 数电票 XML shaped like the real files (money-contracts-finance §2.1): two lines, one of them negative-free. */
const XML = `<?xml version="1.0" encoding="UTF-8"?>
<EInvoice>
  <Header>
    <EIid>26332000000123456789</EIid>
    <InherentLabel>
      <EInvoiceType><LabelCode>81</LabelCode><LabelName>电子发票（增值税专用发票）</LabelName></EInvoiceType>
      <GeneralOrSpecialVAT><LabelCode>01</LabelCode><LabelName>增值税专用发票</LabelName></GeneralOrSpecialVAT>
    </InherentLabel>
  </Header>
  <EInvoiceData>
    <SellerInformation>
      <SellerIdNum>91330206MA2H7X1234</SellerIdNum>
      <SellerName>Loopyard示范回收有限公司</SellerName>
      <SellerAddr>宁波市北仑区新碶街道明州路88号</SellerAddr>
      <SellerTelNum>0574-86880001</SellerTelNum>
      <SellerBankName>中国工商银行宁波北仑支行</SellerBankName>
      <SellerBankAccNum>3901 1100 0920 0012 345</SellerBankAccNum>
    </SellerInformation>
    <BuyerInformation>
      <BuyerIdNum>91330200144069876X</BuyerIdNum>
      <BuyerName>宁波钢铁有限公司</BuyerName>
    </BuyerInformation>
    <BasicInformation>
      <TotalAmWithoutTax>49557.52</TotalAmWithoutTax>
      <TotalTaxAm>6442.48</TotalTaxAm>
      <TotalTax-includedAmount>56000.00</TotalTax-includedAmount>
      <TotalTax-includedAmountInChinese>伍万陆仟圆整</TotalTax-includedAmountInChinese>
      <Drawer>张会计</Drawer>
      <RequestTime>2026-11-25 09:12:03</RequestTime>
    </BasicInformation>
    <IssuItemInformation>
      <ItemName>*废旧物资*废钢（重型）</ItemName><SpecMod>HMS1</SpecMod><MeaUnits>吨</MeaUnits>
      <Quantity>20</Quantity><UnPrice>2477.876106</UnPrice><Amount>49557.52</Amount>
      <TaxRate>13%</TaxRate><ComTaxAm>6442.48</ComTaxAm><TotaltaxIncludedAmount>56000.00</TotaltaxIncludedAmount>
    </IssuItemInformation>
    <AdditionalInformation><Remark>出库单 CK202611250001</Remark></AdditionalInformation>
  </EInvoiceData>
  <TaxSupervisionInfo>
    <InvoiceNumber>26332000000123456789</InvoiceNumber>
    <IssueTime>2026-11-25 09:12:40</IssueTime>
    <TaxBureauCode>13302000000</TaxBureauCode>
  </TaxSupervisionInfo>
</EInvoice>`;

describe('parseEInvoiceXml', () => {
  it('reads the fields by their full paths', () => {
    const p = parseEInvoiceXml(XML);
    expect(p).toMatchObject({
      invoiceNo: '26332000000123456789',
      invoiceType: 'special',
      invoiceDate: '2026-11-25',
      amount: '49557.52',
      taxAmount: '6442.48',
      taxAndAmount: '56000.00',
      sellerName: 'Loopyard示范回收有限公司',
      sellerTaxpayerId: '91330206MA2H7X1234',
      sellerBankName: '中国工商银行宁波北仑支行',
      sellerBankAccount: '3901110009200012345',
      purchaserName: '宁波钢铁有限公司',
      remark: '出库单 CK202611250001',
      problems: [],
    });
    expect(p.lines).toEqual([
      {
        name: '*废旧物资*废钢（重型）',
        spec: 'HMS1',
        unit: '吨',
        qty: '20',
        price: '2477.876106',
        amount: '49557.52',
        rate: '0.13',
        tax: '6442.48',
      },
    ]);
  });

  it('reports totals that do not add up, several invoices in one file, and junk', () => {
    expect(parseEInvoiceXml(XML.replace('<TotalTaxAm>6442.48', '<TotalTaxAm>6442.49')).problems).toContain(
      '合计税额 6442.49 与明细合计 6442.48 不符',
    );
    expect(
      parseEInvoiceXml(`<Root>${XML.replace(/<\?xml[^>]*>/, '')}${XML.replace(/<\?xml[^>]*>/, '')}</Root>`).problems[0],
    ).toMatch(/缺少EInvoice|张发票/);
    expect(parseEInvoiceXml('not xml <').problems.length).toBeGreaterThan(0);
    expect(parseEInvoiceXml('<a>1</a>').problems).toEqual(
      ['不是数电票XML（缺少EInvoice）', '没有识别到发票号码'].slice(0, 1),
    );
  });
});

/** Text as copied from a 数电票 PDF (pdf text layer): labels with full-width colons, amounts with ¥. */
const TEXT = `电子发票（增值税专用发票）
发票号码：26332000000987654321
开票日期：2026年11月03日
购买方信息
名称：Loopyard示范回收有限公司
统一社会信用代码/纳税人识别号：91330206MA2H7X1234
销售方信息
名称：宁波北仑鑫达拆解有限公司
统一社会信用代码/纳税人识别号：91330206MA28Y0K55Q
开户行及账号：中国农业银行宁波北仑支行 3912 0001 0400 1234 5
项目名称 规格型号 单位 数量 单价 金额 税率/征收率 税额
*废旧物资*废钢 吨 20.5 2079.65 42632.74 13% 5542.26
合 计 ¥42632.74 ¥5542.26
价税合计（大写） 肆万捌仟壹佰柒拾伍圆整 （小写）¥48175.00
备注：入库单 RK202611030001
开票人：李会计`;

describe('parseInvoiceText', () => {
  it('finds the labelled fields, the dates of spec §5 and the bank split', () => {
    const p = parseInvoiceText(TEXT);
    expect(p).toMatchObject({
      invoiceNo: '26332000000987654321',
      invoiceType: 'special',
      invoiceDate: '2026-11-03',
      purchaserName: 'Loopyard示范回收有限公司',
      purchaserTaxpayerId: '91330206MA2H7X1234',
      sellerName: '宁波北仑鑫达拆解有限公司',
      sellerTaxpayerId: '91330206MA28Y0K55Q',
      sellerBankName: '中国农业银行宁波北仑支行',
      sellerBankAccount: '39120001040012345',
      amount: '42632.74',
      taxAmount: '5542.26',
      taxAndAmount: '48175.00',
      remark: '入库单 RK202611030001',
      problems: [],
    });
  });

  it.each([
    ['开票日期：2026年2月30日', ''],
    ['开票日期：2026年2月3日', '2026-02-03'],
  ])('date %s → %s', (line, want) => expect(parseInvoiceText(`发票号码：12345678\n${line}`).invoiceDate).toBe(want));

  it('says when no number is found and when the totals disagree', () => {
    expect(parseInvoiceText('随便一段文字').problems).toEqual(['没有识别到发票号码']);
    expect(parseInvoiceText(TEXT.replace('¥48175.00', '¥48175.01')).problems[0]).toContain(
      '价税合计（小写）48175.01 应等于',
    );
  });
});
