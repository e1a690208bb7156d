"""The header words of quote tables in the languages vendors write them in.

Each rule is a field name and a regular expression over a *folded* header: accents
removed, case-folded, punctuation turned into single spaces (see
``io.mapping.normalise_header``). Rules are tried in order and the first that matches
names the field, so the narrower rules come first (``GPUs per node`` before ``GPUs``).

English rules come first; the other languages follow in one table, grouped by field.
Chinese and Japanese headers have no spaces between words, so their patterns match
anywhere in the header (``单价(元)`` is a unit price in yuan).
"""

from __future__ import annotations

ENGLISH: tuple[tuple[str, str], ...] = (
    # A price-list export's sentence about the price ("$98.32 per On Demand Linux
    # p5.48xlarge Instance Hour") describes the line; it is no price.
    ("description", r"^(price|rate) description$"),
    (
        "ignore",
        r"^(line|row|pos|position)( number| no| nr)?$|^item (number|no|nr|id)$|"
        r"^number$|^no$|^s ?n$|"
        r"^(notes?|remarks?|comments?)$|^list price\b|^msrp\b|"
        r"^(discount|disc)( percent)?$|^savings?\b|^unit list\b",
    ),
    (
        "accelerators_per_node",
        r"^(gpus?|accelerators?|cards?|chips?) (per )?(node|instance|"
        r"server|system|vm|host|box)s?$|"
        r"\b(gpus?|accelerators?|cards?|chips?) (per|number per|/) "
        r"(node|instance|server|system|vm|host|box)\b|"
        r"^(instance|node|server) (gpus?|accelerators?|cards?)\b|"
        r"^(gpus?|cards?) in (node|server|instance)|accelerators per node",
    ),
    (
        "accelerator_count",
        r"^(number|num|no|count|total|qty|quantity) (of )?(gpus|accelerators|"
        r"cards|gpu)\b|^(gpus?|accelerators?|cards?) (count|qty|quantity|"
        r"number|total)\b|^(gpus|accelerators|cards)$|^total (gpus?|"
        r"accelerators?)\b|accelerator count",
    ),
    (
        "nodes",
        r"^(number|num|no|count|qty|quantity) (of )?(nodes|servers|instances|systems|"
        r"machines|vms|hosts)\b|^(nodes?|servers?|instances?|systems?|machines?|vms?)"
        r"( count| qty| quantity| number)?$|^node count|^instance count|"
        # "Nodes (8 GPU each)": the node's size stated beside the count
        r"^(nodes?|servers?|systems?) \d+ (gpus?|accelerators?|cards?)( each| per node)?$",
    ),
    # What the award plan needs beside the price: capacity, minimum and lead time.
    (
        "maximum",
        r"^(available|availability|max|maximum|max available|capacity|capacity available|"
        r"available capacity|capacity offered|capacity limit|max capacity|maximum capacity|"
        r"max order|maximum order|max quantity|maximum quantity)"
        r"( (gpus?|accelerators?|cards?|nodes?|servers?|instances?|systems?))?"
        r"( available| offered)?$|"
        r"^(gpus?|accelerators?|nodes?|servers?|instances?) (available|offered)$",
    ),
    (
        "minimum",
        r"^(min|minimum|minimum commitment|min commitment|minimum commit|min commit|"
        r"minimum order|min order|minimum purchase|minimum quantity|min quantity|moq|"
        r"minimum volume)( (gpus?|accelerators?|cards?|nodes?|servers?|instances?|systems?))?$",
    ),
    (
        "lead_time_days",
        r"^(lead time|delivery|delivery time|delivery lead time|time to deliver|"
        r"availability|available from|ready by|ready for service|ship date|shipping time|"
        r"eta|provisioning time|time to provision|time to availability|delivery estimate)"
        r"( in)?( days?| weeks?)?$",
    ),
    (
        "flex",
        r"^(flex|flex band|flexibility|flexible capacity|flex above commitment|flex capacity|"
        r"burst|burst capacity|burst above commitment|burst allowance|overage allowance)"
        r"( pct| percent| share)?$",
    ),
    (
        "prepayment",
        r"^(prepayment|prepaid|pre payment|prepay|"
        r"advance payment|payment in advance|upfront share|prepaid share|prepayment share|"
        r"upfront percent|upfront pct)( pct| percent| share| required)?$",
    ),
    (
        "price_unit",
        r"^(unit|uom|unit of measure|pricing unit|price unit|billing unit|charge "
        r"unit|per|unit of sale|billing basis|price basis|rate unit|metric|pricing metric|"
        r"billing metric|usage unit|unit description)$",
    ),
    ("currency", r"^(currency|ccy|cur|curr|currency code)$"),
    (
        "category",
        r"^(category|cost category|cost type|service category|charge type|fee type|group)$",
    ),
    (
        "deployment",
        r"^(billing|billing model|billing type|pricing model|pricing type|"
        r"commitment|commitment type|deployment|deployment model|purchase type|"
        r"payment model|payment terms|offer type|contract type|plan|purchase option|"
        r"consumption model|service model|model|procurement model|capacity type|"
        r"term type|pricing plan)$",
    ),
    (
        "line_total",
        r"^(line |extended |ext |total |grand )?(total|amount|extended price|"
        r"ext price)( price| cost| amount| value)?\b|^total\b|^amount\b|"
        r"^extended\b|\btotal (price|cost|value|amount)\b|\btotal$|"
        r"^(ext|extended) net\b|^net (amount|total|extended|value)\b|^nettowert\b|"
        r"^(monthly |annual |yearly )?estimate$",
    ),
    (
        "price",
        r"^(monthly |annual |yearly |hourly )?(recurring|one time|one off|onetime|"
        r"non recurring|mrc|nrc|upfront|setup)( charges?| fees?| costs?| prices?| amount)?"
        r"( (usd|eur|gbp|cny|rmb|jpy|chf|sek|nok|dkk|\$|€|£|¥))?$|"
        r"^(monthly|annual|annually|yearly|hourly)( (usd|eur|gbp|cny|rmb|jpy|chf|sek|nok|dkk|"
        r"\$|€|£|¥))?$|"
        r"^(usd|eur|gbp|cny|rmb|jpy|chf|\$|€|£|¥)( per\b|$)|"
        r"\b(price|pricing|rate|cost|fee|charge|tariff|prix|preis|precio)s?\b|"
        # a lease's or a financing's instalment: "Quarterly Payment per Unit", "Monthly rental"
        r"\b(monthly|quarterly|annual) (lease )?(payments?|rentals?|instal?ments?)\b|"
        r"\b(payments?|rentals?) per (unit|server|node|system)\b|"
        r"^(net|unit|our|offer|your|discounted|special|contract) (price|rate|cost)|"
        r"^unit net\b|"
        r"\$ ?/ ?(hr|h|hour|month)|^usd$|^eur$|^amount per|^pay as you go\b|"
        r"(?<![a-z0-9])(usd|eur|gbp|chf|jpy|cny|\$|€|£|¥) (per )?"
        r"(gpu|node|instance|hour|hr|h|month|mo)\b|"
        r"(?<![a-z0-9])(1 ?[mk]|[mk]|million|thousand) (input |output |cached |prompt |"
        r"completion )?(tokens?|toks?)\b|(?<![a-z])[mk]toks?\b",
    ),
    (
        "accelerator",
        r"^(gpu|accelerator|chip|card|xpu|npu|tpu)( sku| type| model| name|"
        r" kind| family| part| product)?$|^(gpu|accelerator) ?/ ?accelerator|"
        r"^(sku|part) ?(gpu|accelerator)|^hardware( type| model)?$|"
        r"^accelerator\b|\bgpu (sku|type|model)\b",
    ),
    (
        "quantity",
        r"^(qty|quantity|units|unit count|count|number of units|volume|no of units|"
        r"amount of units|pcs|pieces)$|^quantity kw racks items$",
    ),
    (
        "term_months",
        r"^(term|contract length|contract term|commitment term|commitment length|lease term|"
        r"rental term|rental period|lease period|lease length|"
        r"commitment period|duration|contract duration|term length|length|"
        r"period|contract period|minimum term|minimum commitment|min commitment|"
        r"minimum commitment period|minimum commitment term)( in)?( months?| mos?| years?)?$|"
        r"^term months$|^months$|^(lease contract|reservation) (length|term)$",
    ),
    ("kind", r"^(type|line type|kind|line kind|item type)$"),
    (
        "tier",
        r"^(tier|service tier|capacity tier|class|service class|priority class|"
        r"capacity class|sla tier|priority)$",
    ),
    (
        "region",
        r"^(region|site|location|availability zone|az|data ?cent(er|re)|dc|zone|"
        r"facility|city|cloud region|delivery location|metro|campus)( name| code)?$|"
        r"^region or site$|"
        r"^(geo taxonomy )?regions$",  # a cloud's SKU export: "Geo taxonomy regions"
    ),
    (
        "country",
        r"^(country|country code|jurisdiction|nation|country of operation)( iso( code)?)?$|"
        r"^country iso code$",
    ),
    (
        "description",
        r"^(description|item|line item|product|service|offering|item description|"
        r"details|name|item name|product name|service name|configuration|"
        r"config|instance|instance type|instance name|sku|product description|"
        r"node type|server type|machine type|system type|node configuration|"
        r"server model|system|server|model|vm size|instance size|machine size|shape|"
        r"service description|offer|package|bundle|what)( description)?$|"
        r"\bdescription\b",
    ),
    (
        "details",
        r"^(specs?|specifications?|technical (data|details|specifications?)|tech specs?|"
        r"hardware (specs?|specifications?)|configuration details|features)$",
    ),
    ("vendor", r"^(vendor|supplier|provider|seller|company)( name)?$"),
    ("quote_ref", r"^(quote|quotation|offer|proposal) ?(ref|reference|number|no|id)$"),
    ("quote_date", r"^(quote|quotation|offer) date$"),
    ("valid_until", r"^(valid until|validity|expires?|expiry|valid to|expiration)( date)?$"),
)
"""English header words, narrowest first."""

# German (de), French (fr), Spanish (es), Italian (it), Dutch (nl), Chinese (zh) and
# Japanese (ja). Latin-script words are written without accents: headers are folded
# before matching ("Quantité" → "quantite", "Währung" → "wahrung").
OTHER_LANGUAGES: tuple[tuple[str, str], ...] = (
    (
        "ignore",
        r"^(pos|position|positionsnummer|lfd nr|nr|n|no|numero|num|regel|ligne|"
        r"bemerkung(en)?|anmerkung(en)?|hinweis(e)?|remarque(s)?|observaciones|notas?|"
        r"note|opmerking(en)?|listenpreis|prix catalogue|precio de lista|prezzo di listino|"
        r"rabatt|remise|descuento|sconto|korting)( percent)?$|"
        r"序号|编号|备注|说明|項番|番号|備考|注記|^(비고|번호|순번)$",
    ),
    (
        "accelerators_per_node",
        r"^(gpus?|karten|cartes|tarjetas|schede|kaarten) (pro|par|por|per) "
        r"(knoten|server|noeud|nodo|servidor|instanz|instance|instancia|istanza)$|"
        r"每台.*(卡|gpu)|单机.*(卡|gpu)|每节点.*(卡|gpu)|(gpu|卡)/台|"
        r"1台あたり.*(gpu|枚)|ノードあたり",
    ),
    (
        "accelerator_count",
        r"^(anzahl|nombre de|nb|nbre|nbre de|numero de|numero di|aantal|n de|num) "
        r"(gpus?|gpu s|karten|cartes|tarjetas|"
        r"schede|kaarten|beschleuniger|accelerateurs|aceleradores|acceleratori)$|"
        r"gpu ?数量|gpu ?数|卡数|显卡数量|加速卡数量|gpu ?枚数|^枚数$",
    ),
    (
        "nodes",
        r"^(anzahl|nombre de|nb|nbre|nbre de|numero de|numero di|aantal) "
        r"(knoten|server|noeuds|nodos|servidores|nodi|instanzen|instances|instancias|istanze)$|"
        r"^(knoten|noeuds|nodos|nodi)$|服务器数量|台数|节点数|ノード数|サーバー?台数",
    ),
    (
        "accelerator",
        r"^(gpu typ|gpu modell|beschleuniger|type de gpu|modele de gpu|accelerateur|"
        r"tipo de gpu|modelo de gpu|acelerador|tipo di gpu|modello gpu|acceleratore)$|"
        r"gpu ?(型号|类型|型番|モデル)|显卡型号|加速卡|显卡",
    ),
    (
        "quantity",
        r"^(menge|anzahl|stuck|stuckzahl|quantite|qte|cantidad|cant|quantita|qta|q ta|"
        r"aantal|hoeveelheid|st)$|数量|件数|^수량$",
    ),
    (
        "price_unit",
        r"^(einheit|mengeneinheit|me|unite|unidad|unita|eenheid)$|^单位$|^単位$|^단위$",
    ),
    (
        "currency",
        r"^(wahrung|devise|monnaie|moneda|divisa|valuta|munteenheid)$|币种|货币|通貨|^통화$",
    ),
    (
        "deployment",
        r"^(abrechnungsmodell|preismodell|abrechnung|vertragsart|bezugsmodell|"
        r"modele de facturation|type d engagement|mode de facturation|modalidad|"
        r"modelo de precios|modalita|modello di prezzo|prijsmodel|facturatiemodel)$|"
        r"计费方式|付费方式|计费模式|购买方式|課金方式|料金プラン|契約形態|^契約$|^プラン$",
    ),
    ("category", r"^(kategorie|categorie|categoria|kostenart|type de cout)$|类别|类型|区分|種別"),
    (
        "line_total",
        r"^(gesamtpreis|gesamtbetrag|gesamt|summe|betrag|positionsbetrag|nettobetrag|"
        r"montant|montant ht|montant total|prix total|total ht|importe|importe total|"
        r"precio total|importo|importo totale|prezzo totale|totale|bedrag|totaal|"
        r"totaalbedrag|totaalprijs|netto bedrag|nettobedrag|montant net|importe neto|"
        r"importo netto)( (eur|usd|chf|€|\$))?$|"
        r"金额|总价|合计|小计|总计|金額|合計|小計|^(금액|공급가액)$",
    ),
    (
        "price",
        # "Netto (EUR)" and "Brutto (EUR)" beside each other: the prices before and after VAT
        r"^(netto|brutto|net|gross|ht|ttc|neto|bruto|lordo)( (eur|usd|chf|gbp|€|\$|£))$|"
        r"^(einzelpreis|stuckpreis|preis|nettopreis|monatspreis|stundenpreis|"
        r"prix unitaire|pu|pu ht|prix|prix mensuel|tarif|precio unitario|precio|"
        r"tarifa|prezzo unitario|prezzo|canone|stukprijs|eenheidsprijs|prijs|tarief)\b|"
        # one-off fees beside a recurring price: a second price column
        r"^(frais (de mise en service|d acces|d installation|de raccordement|de setup)|"
        r"einrichtungs(gebuhr|kosten)|bereitstellungs(gebuhr|kosten)|einmalige kosten|"
        r"cuota de alta|costes? de (alta|instalacion)|cost[oi] di attivazione|"
        r"installatiekosten|aansluitkosten|opstartkosten)\b|"
        r"单价|价格|报价|月租|租金|単価|価格|料金|开通费|安装费|初期費用|設置費|"
        r"^(월 ?)?단가$|^가격$|^요금$",
    ),
    (
        "term_months",
        r"^(laufzeit|vertragslaufzeit|mindestlaufzeit|duree|duree d engagement|"
        r"duree du contrat|plazo|duracion|duracion del contrato|durata|"
        r"durata contrattuale|looptijd|contractduur)"
        r"( (in )?(monaten|monate|jahre|mois|ans|meses|anos|mesi|anni|maanden|jaar))?$|"
        r"合同期限|合同期|租期|期限|契約期間|期間|^(계약 ?기간|약정 ?기간)$",
    ),
    ("tier", r"^(stufe|niveau|nivel|livello|niveau de service)$|等级|ランク"),
    (
        "maximum",
        r"^(verfugbare kapazitat|verfugbar|max kapazitat|maximale menge|"
        r"capacite disponible|capacite maximale|capacidad disponible|capacidad maxima|"
        r"capacita disponibile|beschikbare capaciteit)"
        r"( (gpus?|knoten|server|noeuds?|nodos?|nodi))?$|"
        r"可用容量|最大数量|供应能力|在庫数|提供可能数",
    ),
    (
        "minimum",
        r"^(mindestabnahme|mindestmenge|engagement minimum|quantite minimale|"
        r"compromiso minimo|cantidad minima|impegno minimo|quantita minima|minimale afname)"
        r"( (gpus?|knoten|server|noeuds?|nodos?|nodi))?$|最低采购量|起订量|最低数量|最低発注数",
    ),
    (
        "lead_time_days",
        r"^(lieferzeit|liefertermin|bereitstellung|bereitstellungszeit|verfugbarkeit|"
        r"delai de livraison|delai|disponibilite|plazo de entrega|disponibilidad|"
        r"tempi di consegna|disponibilita|levertijd|beschikbaarheid)$|交付周期|交期|供货周期|"
        r"到货时间|納期|納入時期|提供開始",
    ),
    (
        "flex",
        r"^(flexibilitat|flex band|flexibilite|marge de flexibilite|flexibilidad|"
        r"flessibilita|flexibiliteit|mehrmenge)( (in |en )?percent)?$|"
        r"弹性|弾性|弾力|フレックス|バースト|柔軟枠",
    ),
    (
        "prepayment",
        r"^(vorauszahlung|vorkasse|anzahlung|prepaiement|paiement anticipe|acompte|"
        r"pago anticipado|prepago|anticipo|pagamento anticipato|vooruitbetaling)"
        r"( (in |en )?percent)?$|预付|前払",
    ),
    (
        "region",
        r"^(region|standort|rechenzentrum|site|emplacement|centre de donnees|"
        r"ubicacion|centro de datos|sede|regione|locatie|regio|datacenter)$|"
        r"地区|区域|地域|机房|数据中心|リージョン|データセンター|拠点",
    ),
    ("country", r"^(land|pays|pais|paese)$|国家|国名|^国$"),
    (
        "vendor",
        r"^(anbieter|lieferant|fournisseur|proveedor|fornitore|leverancier)$|供应商|ベンダー",
    ),
    (
        "description",
        r"^(beschreibung|bezeichnung|artikel|artikelbezeichnung|produkt|leistung|"
        r"leistungsbeschreibung|description|designation|libelle|article|produit|"
        r"descripcion|concepto|articulo|producto|descrizione|articolo|prodotto|"
        r"omschrijving|beschrijving|product|artikelnummer|artikel nr|art nr|"
        r"referencia|reference|riferimento)$|"
        r"型号|名称|描述|产品|项目|配置|品名|品目|製品名|摘要|内容|型番|商品名|"
        r"^(품명|품목|항목|제품명|내역|서비스명)$",
    ),
    (
        "details",
        r"^(spezifikation(en)?|technische daten|specifications?|caracteristiques( techniques)?|"
        r"especificaciones( tecnicas)?|specifiche( tecniche)?|specificaties)$|"
        r"^(规格|规格说明|技术参数|仕様|スペック|規格|규격|사양)$",
    ),
)
"""Header words in German, French, Spanish, Italian, Dutch, Chinese and Japanese."""
