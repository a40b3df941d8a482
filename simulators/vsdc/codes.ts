/**
 * What /code/selectCodes and /itemClass/selectItemsClass answer. The shapes are decision 060's
 * (clsList of {cdCls, cdClsNm, dtlList}; itemClsList of {itemClsCd, itemClsNm, itemClsLvl, taxTyCd,
 * mjrTgYn, useYn}); the tax categories are ZRA's. The classification entries are made-up examples in the
 * UNSPSC style the real list uses: the shop shows whatever the device answers, and an admin picks.
 */
export const STANDARD_CODES = [
  {
    cdCls: '04',
    cdClsNm: 'Taxation Type',
    dtlList: [
      { cd: 'A', cdNm: 'Standard Rated(16%)', userDfnCd1: '16' },
      { cd: 'B', cdNm: 'Minimum Taxable Value (MTV-16%)', userDfnCd1: '16' },
      { cd: 'C1', cdNm: 'Exports(0%)', userDfnCd1: '0' },
      { cd: 'D', cdNm: 'Exempt', userDfnCd1: '0' },
      { cd: 'E', cdNm: 'Disbursement', userDfnCd1: '0' },
    ],
  },
  {
    cdCls: '10',
    cdClsNm: 'Unit of measures',
    dtlList: [
      { cd: 'U', cdNm: 'Pieces/item [Number]' },
      { cd: 'KG', cdNm: 'Kilo-Gramme' },
      { cd: 'L', cdNm: 'Litre' },
    ],
  },
  {
    cdCls: '17',
    cdClsNm: 'Packaging Unit',
    dtlList: [
      { cd: 'NT', cdNm: 'Net' },
      { cd: 'BOX', cdNm: 'Box' },
      { cd: 'JR', cdNm: 'Jar' },
    ],
  },
];

export const ITEM_CLASSES = [
  {
    itemClsCd: '53131600',
    itemClsNm: 'Bath and body (example)',
    itemClsLvl: 4,
    taxTyCd: 'A',
    mjrTgYn: 'N',
    useYn: 'Y',
  },
  { itemClsCd: '53131500', itemClsNm: 'Skin care (example)', itemClsLvl: 4, taxTyCd: 'A', mjrTgYn: 'N', useYn: 'Y' },
  {
    itemClsCd: '50151500',
    itemClsNm: 'Edible vegetable and plant oils (example)',
    itemClsLvl: 4,
    taxTyCd: 'A',
    mjrTgYn: 'N',
    useYn: 'Y',
  },
  {
    itemClsCd: '50101700',
    itemClsNm: 'Nuts and seeds (example)',
    itemClsLvl: 4,
    taxTyCd: 'A',
    mjrTgYn: 'N',
    useYn: 'Y',
  },
  {
    itemClsCd: '60121000',
    itemClsNm: 'Gift sets and hampers (example)',
    itemClsLvl: 4,
    taxTyCd: 'A',
    mjrTgYn: 'N',
    useYn: 'Y',
  },
  {
    itemClsCd: '78102200',
    itemClsNm: 'Postal and small parcel and courier services (example)',
    itemClsLvl: 4,
    taxTyCd: 'A',
    mjrTgYn: 'N',
    useYn: 'Y',
  },
  {
    itemClsCd: '99999999',
    itemClsNm: 'Withdrawn class (example)',
    itemClsLvl: 4,
    taxTyCd: 'A',
    mjrTgYn: 'N',
    useYn: 'N',
  },
];
