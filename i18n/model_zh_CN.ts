<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN" sourcelanguage="en">
    <context>
        <name>bom</name>
        <message>
            <source>metres of fibre, one run per link of {medium}</source>
            <translation>光纤（米），{medium} 每条链路一根</translation>
        </message>
        <message>
            <source>not in the design's catalog</source>
            <translation>不在本设计的器件库中</translation>
        </message>
        <message>
            <source>{kind} {speed}G, reach {reach} m</source>
            <translation>{kind} {speed}G，传输距离 {reach} m</translation>
        </message>
        <message>
            <source>{servers} × {server} per rack, {budget} kW budget</source>
            <translation>每机柜 {servers} × {server}，功率预算 {budget} kW</translation>
        </message>
        <message>
            <source>{vendor}, {count} × {accelerator}</source>
            <translation>{vendor}，{count} × {accelerator}</translation>
        </message>
        <message>
            <source>{vendor}, {radix} × {speed}G ports</source>
            <translation>{vendor}，{radix} × {speed}G 端口</translation>
        </message>
    </context>
    <context>
        <name>cost</name>
        <message>
            <source>CAPEX</source>
            <translation>资本支出</translation>
        </message>
        <message>
            <source>CAPEX per PFLOPS</source>
            <translation>每 PFLOPS 资本支出</translation>
        </message>
        <message>
            <source>CAPEX per accelerator</source>
            <translation>每加速卡资本支出</translation>
        </message>
        <message>
            <source>CAPEX per bisection Tb/s</source>
            <translation>每 Tb/s 二分带宽资本支出</translation>
        </message>
        <message>
            <source>Energy per year</source>
            <translation>年耗电</translation>
        </message>
        <message>
            <source>Network (switches, optics, cables)</source>
            <translation>网络（交换机、光模块、线缆）</translation>
        </message>
        <message>
            <source>Network per accelerator</source>
            <translation>每加速卡网络支出</translation>
        </message>
        <message>
            <source>Prices</source>
            <translation>价格</translation>
        </message>
        <message>
            <source>TCO over {years} years</source>
            <translation>{years} 年总拥有成本（TCO）</translation>
        </message>
        <message>
            <source>include estimates</source>
            <translation>含估算价格</translation>
        </message>
        <message>
            <source>list prices</source>
            <translation>目录价</translation>
        </message>
    </context>
    <context>
        <name>design</name>
        <message>
            <source>a design needs a name</source>
            <translation>设计需要一个名称</translation>
        </message>
        <message>
            <source>bundle {name!r} would join the {lower} plane to the {upper} plane</source>
            <translation>链路束 {name!r} 会把{lower}平面与{upper}平面连在一起</translation>
        </message>
        <message>
            <source>bundle {name!r} would make a loop: {upper!r} already sits below {lower!r}</source>
            <translation>链路束 {name!r} 会形成环路：{upper!r} 已经位于 {lower!r} 之下</translation>
        </message>
        <message>
            <source>bundle {name!r}: global links join two switch tiers</source>
            <translation>链路束 {name!r}：全局链路只能连接两个交换机层</translation>
        </message>
        <message>
            <source>bundle {name!r}: its lower end {end!r} must be an existing rack group or switch tier</source>
            <translation>链路束 {name!r}：其下端 {end!r} 必须是已有的机柜组或交换机层</translation>
        </message>
        <message>
            <source>bundle {name!r}: its upper end {end!r} must be an existing switch tier</source>
            <translation>链路束 {name!r}：其上端 {end!r} 必须是已有的交换机层</translation>
        </message>
        <message>
            <source>bundle {name!r}: the {pattern} pattern wires servers, so its lower end must be a rack group</source>
            <translation>链路束 {name!r}：{pattern} 连线方式连接的是服务器，因此其下端必须是机柜组</translation>
        </message>
        <message>
            <source>bundle {name!r}: tier {upper!r} ({scope} scope) does not serve {lower!r}; link it to a tier whose scope contains it</source>
            <translation>链路束 {name!r}：交换机层 {upper!r}（范围：{scope}）不服务于 {lower!r}；请连接到范围包含它的交换机层</translation>
        </message>
        <message>
            <source>bundle {name!r}: {lower!r} and {upper!r} are already joined by bundle {other!r}; change its link count instead</source>
            <translation>链路束 {name!r}：{lower!r} 与 {upper!r} 已由链路束 {other!r} 连接；请改为修改其链路数</translation>
        </message>
        <message>
            <source>design name or description: {reason}</source>
            <translation>设计名称或说明：{reason}</translation>
        </message>
        <message>
            <source>settings: {reason}</source>
            <translation>设置：{reason}</translation>
        </message>
        <message>
            <source>the id {id!r} is already in use</source>
            <translation>标识 {id!r} 已被使用</translation>
        </message>
        <message>
            <source>there is no element {id!r}</source>
            <translation>没有元素 {id!r}</translation>
        </message>
        <message>
            <source>{name!r} refers to {what} {ref!r}, which does not exist</source>
            <translation>{name!r} 引用的{what} {ref!r} 不存在</translation>
        </message>
        <message>
            <source>{name!r}: {reason}</source>
            <translation>{name!r}：{reason}</translation>
        </message>
    </context>
    <context>
        <name>failures</name>
        <message>
            <source>a failure names no element of the design: {element!r}</source>
            <translation>故障指向的元素不在设计中：{element!r}</translation>
        </message>
        <message>
            <source>a member is listed twice</source>
            <translation>同一个成员列了两次</translation>
        </message>
        <message>
            <source>give either count or members, not both</source>
            <translation>count 与 members 只能给出其一，不能同时给出</translation>
        </message>
        <message>
            <source>{count:,} of {name!r} cannot fail: it has {total:,}</source>
            <translation>{name!r} 无法故障 {count:,} 个：它只有 {total:,} 个</translation>
        </message>
        <message>
            <source>{down:,} of {total:,} links of {name!r}</source>
            <translation>{name!r} 的 {total:,} 条链路中的 {down:,} 条</translation>
        </message>
        <message>
            <source>{down:,} of {total:,} members of {name!r}</source>
            <translation>{name!r} 的 {total:,} 个成员中的 {down:,} 个</translation>
        </message>
        <message>
            <source>{down:,} of {total:,} racks of {name!r}</source>
            <translation>{name!r} 的 {total:,} 个机柜中的 {down:,} 个</translation>
        </message>
        <message>
            <source>{down:,} of {total:,} switches of {name!r}</source>
            <translation>{name!r} 的 {total:,} 台交换机中的 {down:,} 台</translation>
        </message>
        <message>
            <source>{name!r} (whole)</source>
            <translation>{name!r}（整体）</translation>
        </message>
        <message>
            <source>{name!r} fails whole or not at all (a building has no members to count)</source>
            <translation>{name!r} 只能整体故障或不故障（建筑没有可计数的成员）</translation>
        </message>
        <message>
            <source>{name!r} fails whole or not at all (a {kind} has no members to count)</source>
            <translation>{name!r} 只能整体故障或不故障（{kind} 没有可计数的成员）</translation>
        </message>
        <message>
            <source>{name!r} fails whole or not at all (an island has no members to count)</source>
            <translation>{name!r} 只能整体故障或不故障（计算岛没有可计数的成员）</translation>
        </message>
        <message>
            <source>{name!r} has no member {member:,} (members are numbered 0 to {last:,})</source>
            <translation>{name!r} 没有成员 {member:,}（成员编号为 0 到 {last:,}）</translation>
        </message>
        <message>
            <source>{name!r} is failed twice</source>
            <translation>{name!r} 被重复设为故障</translation>
        </message>
    </context>
    <context>
        <name>fields</name>
        <message>
            <source>CP</source>
            <translation>CP</translation>
        </message>
        <message>
            <source>DP</source>
            <translation>DP</translation>
        </message>
        <message>
            <source>EP</source>
            <translation>EP</translation>
        </message>
        <message>
            <source>IT capacity</source>
            <translation>IT 容量</translation>
        </message>
        <message>
            <source>PP</source>
            <translation>PP</translation>
        </message>
        <message>
            <source>PUE</source>
            <translation>PUE</translation>
        </message>
        <message>
            <source>TP</source>
            <translation>TP</translation>
        </message>
        <message>
            <source>building</source>
            <translation>建筑</translation>
        </message>
        <message>
            <source>cooling</source>
            <translation>冷却方式</translation>
        </message>
        <message>
            <source>count</source>
            <translation>数量</translation>
        </message>
        <message>
            <source>currency</source>
            <translation>货币</translation>
        </message>
        <message>
            <source>date</source>
            <translation>日期</translation>
        </message>
        <message>
            <source>description</source>
            <translation>说明</translation>
        </message>
        <message>
            <source>distance between buildings</source>
            <translation>建筑间距离</translation>
        </message>
        <message>
            <source>electricity price</source>
            <translation>电价</translation>
        </message>
        <message>
            <source>estimated</source>
            <translation>估算</translation>
        </message>
        <message>
            <source>exchange rate</source>
            <translation>汇率</translation>
        </message>
        <message>
            <source>global batch</source>
            <translation>全局批大小</translation>
        </message>
        <message>
            <source>hosts</source>
            <translation>运行位置</translation>
        </message>
        <message>
            <source>island</source>
            <translation>计算岛</translation>
        </message>
        <message>
            <source>jobs</source>
            <translation>作业</translation>
        </message>
        <message>
            <source>level</source>
            <translation>层级</translation>
        </message>
        <message>
            <source>link length</source>
            <translation>链路长度</translation>
        </message>
        <message>
            <source>link speed</source>
            <translation>链路速率</translation>
        </message>
        <message>
            <source>links per member</source>
            <translation>每成员链路数</translation>
        </message>
        <message>
            <source>lower end</source>
            <translation>下端</translation>
        </message>
        <message>
            <source>medium</source>
            <translation>线缆介质</translation>
        </message>
        <message>
            <source>micro batch</source>
            <translation>微批大小</translation>
        </message>
        <message>
            <source>model</source>
            <translation>模型</translation>
        </message>
        <message>
            <source>name</source>
            <translation>名称</translation>
        </message>
        <message>
            <source>notes</source>
            <translation>备注</translation>
        </message>
        <message>
            <source>oversubscription limit</source>
            <translation>收敛比上限</translation>
        </message>
        <message>
            <source>plane</source>
            <translation>网络平面</translation>
        </message>
        <message>
            <source>price</source>
            <translation>价格</translation>
        </message>
        <message>
            <source>price per metre</source>
            <translation>每米价格</translation>
        </message>
        <message>
            <source>rack count</source>
            <translation>机柜数</translation>
        </message>
        <message>
            <source>rack type</source>
            <translation>机柜类型</translation>
        </message>
        <message>
            <source>role</source>
            <translation>角色</translation>
        </message>
        <message>
            <source>scope</source>
            <translation>范围</translation>
        </message>
        <message>
            <source>sequence length</source>
            <translation>序列长度</translation>
        </message>
        <message>
            <source>source</source>
            <translation>来源</translation>
        </message>
        <message>
            <source>storage/front-end allowance</source>
            <translation>存储/前端网络预留</translation>
        </message>
        <message>
            <source>switch count</source>
            <translation>交换机数</translation>
        </message>
        <message>
            <source>switch model</source>
            <translation>交换机型号</translation>
        </message>
        <message>
            <source>unit price</source>
            <translation>单价</translation>
        </message>
        <message>
            <source>upper end</source>
            <translation>上端</translation>
        </message>
        <message>
            <source>virtual stages</source>
            <translation>虚拟流水级数</translation>
        </message>
        <message>
            <source>wiring</source>
            <translation>连线方式</translation>
        </message>
        <message>
            <source>x position</source>
            <translation>横坐标</translation>
        </message>
        <message>
            <source>y position</source>
            <translation>纵坐标</translation>
        </message>
        <message>
            <source>years in the TCO</source>
            <translation>TCO 年限</translation>
        </message>
    </context>
    <context>
        <name>figures</name>
        <message>
            <source>Daly interval, s</source>
            <translation>Daly 间隔 (s)</translation>
        </message>
        <message>
            <source>GPU</source>
            <translation>GPU</translation>
        </message>
        <message>
            <source>Gb/s</source>
            <translation>Gb/s</translation>
        </message>
        <message>
            <source>HBM</source>
            <translation>HBM</translation>
        </message>
        <message>
            <source>IT power, kW</source>
            <translation>IT 功耗 (kW)</translation>
        </message>
        <message>
            <source>NIC</source>
            <translation>网卡</translation>
        </message>
        <message>
            <source>USD exchange rate</source>
            <translation>美元汇率</translation>
        </message>
        <message>
            <source>Young interval, s</source>
            <translation>Young 间隔 (s)</translation>
        </message>
        <message>
            <source>accelerators</source>
            <translation>加速卡</translation>
        </message>
        <message>
            <source>accelerators by type</source>
            <translation>按型号的加速卡</translation>
        </message>
        <message>
            <source>accelerators on side A</source>
            <translation>A 侧加速卡</translation>
        </message>
        <message>
            <source>allowance, kW</source>
            <translation>预留功耗 (kW)</translation>
        </message>
        <message>
            <source>annual failure rate</source>
            <translation>年故障率</translation>
        </message>
        <message>
            <source>any price estimated</source>
            <translation>含估算价格</translation>
        </message>
        <message>
            <source>available</source>
            <translation>可用</translation>
        </message>
        <message>
            <source>bisection</source>
            <translation>二分带宽</translation>
        </message>
        <message>
            <source>budget, kW</source>
            <translation>预算 (kW)</translation>
        </message>
        <message>
            <source>building</source>
            <translation>建筑</translation>
        </message>
        <message>
            <source>building pairs</source>
            <translation>建筑对</translation>
        </message>
        <message>
            <source>buildings</source>
            <translation>建筑</translation>
        </message>
        <message>
            <source>by accelerator type, PFLOPS</source>
            <translation>按加速卡型号 (PFLOPS)</translation>
        </message>
        <message>
            <source>by building, PFLOPS</source>
            <translation>按建筑 (PFLOPS)</translation>
        </message>
        <message>
            <source>by class</source>
            <translation>按类别</translation>
        </message>
        <message>
            <source>by island, PFLOPS</source>
            <translation>按计算岛 (PFLOPS)</translation>
        </message>
        <message>
            <source>by scope</source>
            <translation>按范围</translation>
        </message>
        <message>
            <source>by vendor, PFLOPS</source>
            <translation>按厂商 (PFLOPS)</translation>
        </message>
        <message>
            <source>cables</source>
            <translation>线缆</translation>
        </message>
        <message>
            <source>campus</source>
            <translation>园区</translation>
        </message>
        <message>
            <source>campus, PFLOPS</source>
            <translation>园区 (PFLOPS)</translation>
        </message>
        <message>
            <source>capacity, kW</source>
            <translation>供电容量 (kW)</translation>
        </message>
        <message>
            <source>capex by category, USD</source>
            <translation>按类别的资本支出 (USD)</translation>
        </message>
        <message>
            <source>capex, USD</source>
            <translation>资本支出 (USD)</translation>
        </message>
        <message>
            <source>checkpoint write, s</source>
            <translation>检查点写入 (s)</translation>
        </message>
        <message>
            <source>compute</source>
            <translation>算力</translation>
        </message>
        <message>
            <source>cost</source>
            <translation>成本</translation>
        </message>
        <message>
            <source>count</source>
            <translation>数量</translation>
        </message>
        <message>
            <source>crossing, Gb/s</source>
            <translation>跨越带宽 (Gb/s)</translation>
        </message>
        <message>
            <source>cut</source>
            <translation>切分</translation>
        </message>
        <message>
            <source>downlinks, Gb/s</source>
            <translation>下行 (Gb/s)</translation>
        </message>
        <message>
            <source>electricity, USD per kWh</source>
            <translation>电价 (USD/kWh)</translation>
        </message>
        <message>
            <source>energy, USD per year</source>
            <translation>年电费 (USD)</translation>
        </message>
        <message>
            <source>energy, kWh per year</source>
            <translation>年耗电 (kWh)</translation>
        </message>
        <message>
            <source>errors</source>
            <translation>错误</translation>
        </message>
        <message>
            <source>estimated</source>
            <translation>估算</translation>
        </message>
        <message>
            <source>exact</source>
            <translation>精确</translation>
        </message>
        <message>
            <source>facility power, kW</source>
            <translation>设施功耗 (kW)</translation>
        </message>
        <message>
            <source>fraction of full</source>
            <translation>占满带宽比例</translation>
        </message>
        <message>
            <source>full, Gb/s</source>
            <translation>满带宽 (Gb/s)</translation>
        </message>
        <message>
            <source>goodput</source>
            <translation>有效训练率</translation>
        </message>
        <message>
            <source>goodput (Daly)</source>
            <translation>有效训练率 (Daly)</translation>
        </message>
        <message>
            <source>headroom, kW</source>
            <translation>余量 (kW)</translation>
        </message>
        <message>
            <source>histogram</source>
            <translation>分布</translation>
        </message>
        <message>
            <source>hops</source>
            <translation>跳数</translation>
        </message>
        <message>
            <source>host</source>
            <translation>主机</translation>
        </message>
        <message>
            <source>host maintenance</source>
            <translation>主机维护</translation>
        </message>
        <message>
            <source>injection per accelerator, Gb/s</source>
            <translation>每加速卡注入带宽 (Gb/s)</translation>
        </message>
        <message>
            <source>interruptions per day</source>
            <translation>每日中断次数</translation>
        </message>
        <message>
            <source>island</source>
            <translation>计算岛</translation>
        </message>
        <message>
            <source>island pairs</source>
            <translation>计算岛对</translation>
        </message>
        <message>
            <source>islands</source>
            <translation>计算岛</translation>
        </message>
        <message>
            <source>items</source>
            <translation>条目</translation>
        </message>
        <message>
            <source>job</source>
            <translation>作业</translation>
        </message>
        <message>
            <source>link</source>
            <translation>链路</translation>
        </message>
        <message>
            <source>links</source>
            <translation>链路</translation>
        </message>
        <message>
            <source>lost fraction</source>
            <translation>损失比例</translation>
        </message>
        <message>
            <source>lower bound, Gb/s</source>
            <translation>下界 (Gb/s)</translation>
        </message>
        <message>
            <source>max</source>
            <translation>最大</translation>
        </message>
        <message>
            <source>mean</source>
            <translation>平均</translation>
        </message>
        <message>
            <source>mean time between interruptions, h</source>
            <translation>平均中断间隔 (h)</translation>
        </message>
        <message>
            <source>mean time between interruptions, s</source>
            <translation>平均中断间隔 (s)</translation>
        </message>
        <message>
            <source>min</source>
            <translation>最小</translation>
        </message>
        <message>
            <source>network per Tb/s of bisection, USD</source>
            <translation>每 Tb/s 二分带宽的网络成本 (USD)</translation>
        </message>
        <message>
            <source>network per accelerator, USD</source>
            <translation>每加速卡网络成本 (USD)</translation>
        </message>
        <message>
            <source>network share</source>
            <translation>网络占比</translation>
        </message>
        <message>
            <source>network, USD</source>
            <translation>网络成本 (USD)</translation>
        </message>
        <message>
            <source>optics</source>
            <translation>光模块</translation>
        </message>
        <message>
            <source>oversubscription</source>
            <translation>收敛比</translation>
        </message>
        <message>
            <source>pairs with no path</source>
            <translation>无路径的加速卡对</translation>
        </message>
        <message>
            <source>per PFLOPS, USD</source>
            <translation>每 PFLOPS (USD)</translation>
        </message>
        <message>
            <source>per Tb/s of bisection, USD</source>
            <translation>每 Tb/s 二分带宽 (USD)</translation>
        </message>
        <message>
            <source>per accelerator, Gb/s</source>
            <translation>每加速卡 (Gb/s)</translation>
        </message>
        <message>
            <source>per accelerator, USD</source>
            <translation>每加速卡 (USD)</translation>
        </message>
        <message>
            <source>per rack, kW</source>
            <translation>每机柜 (kW)</translation>
        </message>
        <message>
            <source>per switch</source>
            <translation>每台交换机</translation>
        </message>
        <message>
            <source>ports</source>
            <translation>端口</translation>
        </message>
        <message>
            <source>power</source>
            <translation>功耗</translation>
        </message>
        <message>
            <source>power supply</source>
            <translation>电源</translation>
        </message>
        <message>
            <source>power totals</source>
            <translation>功耗合计</translation>
        </message>
        <message>
            <source>problems</source>
            <translation>问题</translation>
        </message>
        <message>
            <source>quantity</source>
            <translation>数量</translation>
        </message>
        <message>
            <source>rack</source>
            <translation>机柜</translation>
        </message>
        <message>
            <source>rack power</source>
            <translation>机柜功耗</translation>
        </message>
        <message>
            <source>racks</source>
            <translation>机柜</translation>
        </message>
        <message>
            <source>ratio</source>
            <translation>比值</translation>
        </message>
        <message>
            <source>reliability</source>
            <translation>可靠性</translation>
        </message>
        <message>
            <source>restart, s</source>
            <translation>重启 (s)</translation>
        </message>
        <message>
            <source>scale-up pairs</source>
            <translation>Scale-up 加速卡对</translation>
        </message>
        <message>
            <source>scale-up pairs by scope</source>
            <translation>按范围的 Scale-up 加速卡对</translation>
        </message>
        <message>
            <source>server</source>
            <translation>服务器</translation>
        </message>
        <message>
            <source>servers</source>
            <translation>服务器</translation>
        </message>
        <message>
            <source>servers, kW</source>
            <translation>服务器 (kW)</translation>
        </message>
        <message>
            <source>software</source>
            <translation>软件</translation>
        </message>
        <message>
            <source>sources</source>
            <translation>数据来源</translation>
        </message>
        <message>
            <source>switch</source>
            <translation>交换机</translation>
        </message>
        <message>
            <source>switches</source>
            <translation>交换机</translation>
        </message>
        <message>
            <source>switches by model</source>
            <translation>按型号的交换机</translation>
        </message>
        <message>
            <source>switches, kW</source>
            <translation>交换机 (kW)</translation>
        </message>
        <message>
            <source>total cost of ownership, USD</source>
            <translation>总拥有成本 (USD)</translation>
        </message>
        <message>
            <source>total, USD</source>
            <translation>合计 (USD)</translation>
        </message>
        <message>
            <source>transceivers</source>
            <translation>光模块</translation>
        </message>
        <message>
            <source>transceivers, kW</source>
            <translation>光模块 (kW)</translation>
        </message>
        <message>
            <source>unit price, USD</source>
            <translation>单价 (USD)</translation>
        </message>
        <message>
            <source>units</source>
            <translation>数量</translation>
        </message>
        <message>
            <source>unpriced parts</source>
            <translation>未定价器件</translation>
        </message>
        <message>
            <source>uplinks, Gb/s</source>
            <translation>上行 (Gb/s)</translation>
        </message>
        <message>
            <source>used</source>
            <translation>已用</translation>
        </message>
        <message>
            <source>utilization</source>
            <translation>利用率</translation>
        </message>
        <message>
            <source>warnings</source>
            <translation>警告</translation>
        </message>
        <message>
            <source>worst switch's ports used</source>
            <translation>最差交换机的已用端口</translation>
        </message>
        <message>
            <source>worst switch's ratio</source>
            <translation>最差交换机的收敛比</translation>
        </message>
        <message>
            <source>years</source>
            <translation>年限</translation>
        </message>
    </context>
    <context>
        <name>files</name>
        <message>
            <source> (the file ends too early: is it truncated?)</source>
            <translation>（文件提前结束：是否被截断？）</translation>
        </message>
        <message>
            <source>(file)</source>
            <translation>（文件）</translation>
        </message>
        <message>
            <source>1 more problem:</source>
            <translation>另有 1 个问题：</translation>
        </message>
        <message>
            <source>; the existing file was left as it was</source>
            <translation>；原有文件保持不变</translation>
        </message>
        <message>
            <source>a design file holds one JSON object {{…}}; this one holds {kind}</source>
            <translation>设计文件应包含一个 JSON 对象 {{…}}；此文件包含的是{kind}</translation>
        </message>
        <message>
            <source>a list [...]</source>
            <translation>一个列表 [...]</translation>
        </message>
        <message>
            <source>a list of more than {count:,} items; a design file's lists hold at most {limit:,} (is this file generated by mistake?)</source>
            <translation>列表超过 {count:,} 项；设计文件中的列表最多 {limit:,} 项（此文件是否误生成？）</translation>
        </message>
        <message>
            <source>a list of {count:,} items; a design file's lists hold at most {limit:,} (is this file generated by mistake?)</source>
            <translation>列表有 {count:,} 项；设计文件中的列表最多 {limit:,} 项（此文件是否误生成？）</translation>
        </message>
        <message>
            <source>a number</source>
            <translation>一个数字</translation>
        </message>
        <message>
            <source>a number of {digits:,} digits is too long</source>
            <translation>数字长达 {digits:,} 位，过长</translation>
        </message>
        <message>
            <source>a part of this path is a file, not a folder</source>
            <translation>路径中的某一级是文件而不是文件夹</translation>
        </message>
        <message>
            <source>a string</source>
            <translation>一个字符串</translation>
        </message>
        <message>
            <source>an object of more than {count:,} members; a design file's objects hold at most {limit:,} (is this file generated by mistake?)</source>
            <translation>对象超过 {count:,} 个成员；设计文件中的对象最多 {limit:,} 个成员（此文件是否误生成？）</translation>
        </message>
        <message>
            <source>an object of {count:,} members; a design file's objects hold at most {limit:,} (is this file generated by mistake?)</source>
            <translation>对象有 {count:,} 个成员；设计文件中的对象最多 {limit:,} 个成员（此文件是否误生成？）</translation>
        </message>
        <message>
            <source>at least {count} more problems:</source>
            <translation>另有至少 {count} 个问题：</translation>
        </message>
        <message>
            <source>building</source>
            <translation>建筑</translation>
        </message>
        <message>
            <source>bundle</source>
            <translation>链路束</translation>
        </message>
        <message>
            <source>cannot save: the file is read-only{kept}</source>
            <translation>无法保存：文件为只读{kept}</translation>
        </message>
        <message>
            <source>cannot save: the folder {folder} does not exist</source>
            <translation>无法保存：文件夹 {folder} 不存在</translation>
        </message>
        <message>
            <source>cannot save: the folder {folder} is not a folder</source>
            <translation>无法保存：{folder} 不是文件夹</translation>
        </message>
        <message>
            <source>cannot save: this is a folder</source>
            <translation>无法保存：这是一个文件夹</translation>
        </message>
        <message>
            <source>cannot save: {why}{kept}</source>
            <translation>无法保存：{why}{kept}</translation>
        </message>
        <message>
            <source>could not read the file: {why}</source>
            <translation>无法读取文件：{why}</translation>
        </message>
        <message>
            <source>could not upgrade the file from schema_version {current} to {next}: {why}</source>
            <translation>无法将文件从 schema_version {current} 升级到 {next}：{why}</translation>
        </message>
        <message>
            <source>format is {found}, not {format!r}: not an Archipelago design file</source>
            <translation>format 为 {found}，而不是 {format!r}：不是 Archipelago 设计文件</translation>
        </message>
        <message>
            <source>island</source>
            <translation>计算岛</translation>
        </message>
        <message>
            <source>no 'format' field: not an Archipelago design file (expected "format": "{format}")</source>
            <translation>缺少 'format' 字段：不是 Archipelago 设计文件（应为 "format": "{format}"）</translation>
        </message>
        <message>
            <source>no such file</source>
            <translation>文件不存在</translation>
        </message>
        <message>
            <source>not valid JSON at line {line}, column {column}: {why}{ending}</source>
            <translation>第 {line} 行第 {column} 列不是有效的 JSON：{why}{ending}</translation>
        </message>
        <message>
            <source>not valid design JSON at line {line}, column {column}: {why}</source>
            <translation>第 {line} 行第 {column} 列不是有效的设计 JSON：{why}</translation>
        </message>
        <message>
            <source>not valid design JSON: {why}</source>
            <translation>不是有效的设计 JSON：{why}</translation>
        </message>
        <message>
            <source>permission denied: the folder {folder} or the file is read-only</source>
            <translation>权限不足：文件夹 {folder} 或文件为只读</translation>
        </message>
        <message>
            <source>permission denied: you may not read this file</source>
            <translation>权限不足：您无权读取此文件</translation>
        </message>
        <message>
            <source>rack group</source>
            <translation>机柜组</translation>
        </message>
        <message>
            <source>refers to {ref!r}, which is a {found}, not a {wanted}</source>
            <translation>引用了 {ref!r}，它是{found}，而不是{wanted}</translation>
        </message>
        <message>
            <source>refers to {ref!r}, which is not in the file (expected a {wanted} id)</source>
            <translation>引用了 {ref!r}，但文件中没有它（应为{wanted}的 id）</translation>
        </message>
        <message>
            <source>schema_version must be a whole number, not {found}</source>
            <translation>schema_version 必须是整数，而不是 {found}</translation>
        </message>
        <message>
            <source>schema_version {version} is not a version this Archipelago can read (no migration from version {current} to {next})</source>
            <translation>schema_version {version} 不是本版本 Archipelago 能读取的版本（没有从版本 {current} 到 {next} 的迁移）</translation>
        </message>
        <message>
            <source>schema_version {version} was written by a newer Archipelago; this one reads versions up to {current}. Update Archipelago to open it.</source>
            <translation>schema_version {version} 由更新版本的 Archipelago 写入；本版本最高只能读取版本 {current}。请更新 Archipelago 后再打开。</translation>
        </message>
        <message>
            <source>should be a list […]</source>
            <translation>应为列表 […]</translation>
        </message>
        <message>
            <source>should be an object {{…}}</source>
            <translation>应为对象 {{…}}</translation>
        </message>
        <message>
            <source>the JSON is nested more than {depth} levels deep: not a design file</source>
            <translation>JSON 嵌套超过 {depth} 层：不是设计文件</translation>
        </message>
        <message>
            <source>the disk is full (or your disk quota is used up)</source>
            <translation>磁盘已满（或磁盘配额已用完）</translation>
        </message>
        <message>
            <source>the disk is read-only</source>
            <translation>磁盘为只读</translation>
        </message>
        <message>
            <source>the file</source>
            <translation>整个文件</translation>
        </message>
        <message>
            <source>the file holds {total:,} values; a design file holds at most {limit:,} (the longest list, {where}, has {items:,})</source>
            <translation>文件含 {total:,} 个值；设计文件最多 {limit:,} 个（最长的列表 {where} 有 {items:,} 项）</translation>
        </message>
        <message>
            <source>the file holds {total:,} values; a design file holds at most {limit:,} (the longest object, {where}, has {items:,})</source>
            <translation>文件含 {total:,} 个值；设计文件最多 {limit:,} 个（最大的对象 {where} 有 {items:,} 个成员）</translation>
        </message>
        <message>
            <source>the file is not valid UTF-8 text (byte {byte}, line {line}, column {column}); save it as UTF-8</source>
            <translation>文件不是有效的 UTF-8 文本（第 {byte} 字节，第 {line} 行第 {column} 列）；请以 UTF-8 编码保存</translation>
        </message>
        <message>
            <source>the file is {size:.1f} MB; design files are limited to {limit} MB (a 1M-accelerator campus takes well under 1 MB)</source>
            <translation>文件大小为 {size:.1f} MB；设计文件上限为 {limit} MB（百万卡园区也远小于 1 MB）</translation>
        </message>
        <message>
            <source>the file name is too long</source>
            <translation>文件名过长</translation>
        </message>
        <message>
            <source>the folder {folder} does not exist</source>
            <translation>文件夹 {folder} 不存在</translation>
        </message>
        <message>
            <source>the id {id!r} is already the id of the part {where}; elements and parts need different ids</source>
            <translation>id {id!r} 已是部件 {where} 的 id；元素与部件的 id 不能相同</translation>
        </message>
        <message>
            <source>the id {id!r} is already used by {where}</source>
            <translation>id {id!r} 已被 {where} 使用</translation>
        </message>
        <message>
            <source>the key {key} appears twice in one object</source>
            <translation>键 {key} 在同一对象中出现了两次</translation>
        </message>
        <message>
            <source>the number {number} is too large</source>
            <translation>数字 {number} 过大</translation>
        </message>
        <message>
            <source>the target is a folder</source>
            <translation>目标是一个文件夹</translation>
        </message>
        <message>
            <source>the upgrade from schema_version {current} did not produce a design</source>
            <translation>从 schema_version {current} 升级后没有得到设计</translation>
        </message>
        <message>
            <source>this is a folder, not a design file</source>
            <translation>这是文件夹，不是设计文件</translation>
        </message>
        <message>
            <source>this is not a regular file</source>
            <translation>这不是普通文件</translation>
        </message>
        <message>
            <source>this required field is missing</source>
            <translation>缺少此必填字段</translation>
        </message>
        <message>
            <source>tier</source>
            <translation>交换机层</translation>
        </message>
        <message>
            <source>unknown field: not part of the design format (misspelt?)</source>
            <translation>未知字段：不属于设计文件格式（是否拼写有误？）</translation>
        </message>
        <message>
            <source>{count} more problems:</source>
            <translation>另有 {count} 个问题：</translation>
        </message>
        <message>
            <source>{reason} (found {value})</source>
            <translation>{reason}（实际为 {value}）</translation>
        </message>
        <message>
            <source>{token} is not a number a design may hold</source>
            <translation>{token} 不是设计中可用的数字</translation>
        </message>
        <message>
            <source>… and more: counting stopped here</source>
            <translation>……还有更多：已停止计数</translation>
        </message>
        <message>
            <source>… and {more} more</source>
            <translation>……另有 {more} 个</translation>
        </message>
    </context>
    <context>
        <name>jobs</name>
        <message>
            <source> and shows in the step above {moves:.3g}:1</source>
            <translation>，高于 {moves:.3g}:1 时会拖慢每步时间</translation>
        </message>
        <message>
            <source> left free by the jobs before it</source>
            <translation>（前面的作业用剩的）</translation>
        </message>
        <message>
            <source>; {axis} still hidden behind compute</source>
            <translation>；{axis} 通信仍被计算隐藏</translation>
        </message>
        <message>
            <source>; {exposed_s:.3f} s of {axis} per step not hidden</source>
            <translation>；每步有 {exposed_s:.3f} s 的 {axis} 通信未被隐藏</translation>
        </message>
        <message>
            <source>CP {cp} does not divide {accelerators:,} accelerators</source>
            <translation>CP {cp} 不能整除 {accelerators:,} 张加速卡</translation>
        </message>
        <message>
            <source>CP {cp} must divide the sequence length {length}</source>
            <translation>CP {cp} 必须整除序列长度 {length}</translation>
        </message>
        <message>
            <source>EP {ep} must divide DP × CP = {dpcp}</source>
            <translation>EP {ep} 必须整除 DP × CP = {dpcp}</translation>
        </message>
        <message>
            <source>EP {ep} must divide the {experts} experts</source>
            <translation>EP {ep} 必须整除 {experts} 个专家</translation>
        </message>
        <message>
            <source>EP {ep} needs a mixture of experts; {model} is dense</source>
            <translation>EP {ep} 需要混合专家（MoE）模型；{model} 是稠密模型</translation>
        </message>
        <message>
            <source>PP × virtual stages = {stages} exceeds the {layers} layers of {model}</source>
            <translation>PP × 虚拟流水级数 = {stages}，超过了 {model} 的 {layers} 层</translation>
        </message>
        <message>
            <source>TP {tp} is larger than the {domain}-accelerator scale-up domain: its all-reduces would leave the scale-up fabric (allow it explicitly to plan it anyway)</source>
            <translation>TP {tp} 大于 {domain} 卡的超节点（Scale-up 域）：其 all-reduce 将离开 Scale-up 互联（如仍要规划，请明确允许）</translation>
        </message>
        <message>
            <source>TP {tp} spans {domains} {fabric} domains: its all-reduces leave the scale-up fabric for the NICs</source>
            <translation>TP {tp} 跨越 {domains} 个 {fabric} 域：其 all-reduce 离开 Scale-up 互联，改走网卡</translation>
        </message>
        <message>
            <source>TP × CP × PP × DP = {tp} × {cp} × {pp} × {dp} = {need:,} accelerators, but {where} has {have:,}</source>
            <translation>TP × CP × PP × DP = {tp} × {cp} × {pp} × {dp} = {need:,} 张加速卡，但{where}只有 {have:,} 张</translation>
        </message>
        <message>
            <source>a custom model needs its shape (custom_model)</source>
            <translation>自定义模型需要给出其结构（custom_model）</translation>
        </message>
        <message>
            <source>a host is listed twice</source>
            <translation>有一个运行位置列出了两次</translation>
        </message>
        <message>
            <source>a mixture of experts needs 1 ≤ experts_per_token ≤ experts</source>
            <translation>混合专家模型需要 1 ≤ experts_per_token ≤ experts</translation>
        </message>
        <message>
            <source>a mixture of experts needs 1 ≤ moe_layers ≤ layers</source>
            <translation>混合专家模型需要 1 ≤ moe_layers ≤ layers</translation>
        </message>
        <message>
            <source>active parameters exceed the model's parameters</source>
            <translation>激活参数量超过了模型的参数量</translation>
        </message>
        <message>
            <source>custom_model is only for model 'custom'</source>
            <translation>custom_model 仅用于模型 'custom'</translation>
        </message>
        <message>
            <source>expert_parameters must be part of the parameters</source>
            <translation>expert_parameters 必须是参数量的一部分</translation>
        </message>
        <message>
            <source>experts_per_token, moe_layers and expert_parameters need experts</source>
            <translation>experts_per_token、moe_layers 和 expert_parameters 需要 experts</translation>
        </message>
        <message>
            <source>job {name!r} needs TP × CP × PP × DP = {tp} × {cp} × {pp} × {dp} = {need:,} accelerators; {where} has {free:,}{other}</source>
            <translation>作业 {name!r} 需要 TP × CP × PP × DP = {tp} × {cp} × {pp} × {dp} = {need:,} 张加速卡；{where}只有 {free:,} 张{other}</translation>
        </message>
        <message>
            <source>job {name!r}: host {host!r} is not a building, island or rack group of this design</source>
            <translation>作业 {name!r}：主机范围 {host!r} 不是本设计中的建筑、计算岛或机柜组</translation>
        </message>
        <message>
            <source>job {name!r}: its accelerators have no peak throughput (a part is missing from the catalog)</source>
            <translation>作业 {name!r}：其加速卡没有峰值算力（器件库中缺少某个器件）</translation>
        </message>
        <message>
            <source>job: {reason}</source>
            <translation>作业：{reason}</translation>
        </message>
        <message>
            <source>kv_heads must divide heads</source>
            <translation>kv_heads 必须整除 heads</translation>
        </message>
        <message>
            <source>none (no communication exposed)</source>
            <translation>无（没有暴露的通信时间）</translation>
        </message>
        <message>
            <source>the accelerators' NICs</source>
            <translation>加速卡的网卡</translation>
        </message>
        <message>
            <source>the campus</source>
            <translation>整个园区</translation>
        </message>
        <message>
            <source>the campus core between buildings</source>
            <translation>建筑之间的园区核心层</translation>
        </message>
        <message>
            <source>the global batch ({batch} sequences) must be a multiple of DP × micro batch = {dp} × {micro}</source>
            <translation>全局批大小（{batch} 个序列）必须是 DP × 微批大小 = {dp} × {micro} 的倍数</translation>
        </message>
        <message>
            <source>the links between islands</source>
            <translation>计算岛之间的链路</translation>
        </message>
        <message>
            <source>the pipeline bubble is {share:.0%} of the step: raise the global batch or lower PP</source>
            <translation>流水线气泡占每步时间的 {share:.0%}：请增大全局批量或减小 PP</translation>
        </message>
        <message>
            <source>the scale-up fabric</source>
            <translation>Scale-up 互联</translation>
        </message>
        <message>
            <source>unknown model {model!r}: choose one of {known} or 'custom'</source>
            <translation>未知模型 {model!r}：请从 {known} 或 'custom' 中选择</translation>
        </message>
        <message>
            <source>weights, gradients and optimizer states need {states:,.0f} GB per accelerator, more than its {memory:,.0f} GB: raise TP × PP (or EP)</source>
            <translation>权重、梯度和优化器状态每张加速卡需要 {states:,.0f} GB，超过其 {memory:,.0f} GB 显存：请增大 TP × PP（或 EP）</translation>
        </message>
        <message>
            <source>{axis} crosses buildings: {share:.0%} of the step waits on {boundary} ({where})</source>
            <translation>{axis} 跨越建筑：每步有 {share:.0%} 的时间在等待{boundary}（{where}）</translation>
        </message>
        <message>
            <source>{axis} crosses islands: {share:.0%} of the step waits on {boundary} ({where})</source>
            <translation>{axis} 跨越计算岛：每步有 {share:.0%} 的时间在等待{boundary}（{where}）</translation>
        </message>
        <message>
            <source>{axis} is cut off: {where} has no capacity between them</source>
            <translation>{axis} 被隔断：{where} 之间没有容量</translation>
        </message>
        <message>
            <source>{axis} is limited by {where} (the pair at {ratio:.3g}:1): it needs {need:.2g}× its share of the capacity; the core stops limiting it at {limit:.3g}:1</source>
            <translation>{axis} 受限于 {where}（该对的收敛比为 {ratio:.3g}:1）：它需要其应得容量份额的 {need:.2g} 倍；收敛比降到 {limit:.3g}:1 时核心层不再限制它</translation>
        </message>
        <message>
            <source>{axis} uses {used:.1%} of the {where} capacity at its peak (the pair at {ratio:.3g}:1); the core limits it above {limit:.3g}:1</source>
            <translation>{axis} 峰值时占用 {where} 容量的 {used:.1%}（该对的收敛比为 {ratio:.3g}:1）；收敛比高于 {limit:.3g}:1 时核心层会限制它</translation>
        </message>
        <message>
            <source>{axis} {collective} on {boundary} ({where}), {gbps:,.0f} Gb/s, {exposed_s:.3f} s per step</source>
            <translation>{axis} {collective}，位于{boundary}（{where}），{gbps:,.0f} Gb/s，每步 {exposed_s:.3f} s</translation>
        </message>
        <message>
            <source>{axis} {collective} on {boundary}, {gbps:,.0f} Gb/s, {exposed_s:.3f} s per step</source>
            <translation>{axis} {collective}，位于{boundary}，{gbps:,.0f} Gb/s，每步 {exposed_s:.3f} s</translation>
        </message>
    </context>
    <context>
        <name>names</name>
        <message>
            <source>AI zone {n}</source>
            <translation>AI 分区 {n}</translation>
        </message>
        <message>
            <source>AI zones, {pods} pods</source>
            <translation>AI 分区，{pods} 个 Pod</translation>
        </message>
        <message>
            <source>Aggregation (ATSW)</source>
            <translation>汇聚交换机 (ATSW)</translation>
        </message>
        <message>
            <source>Alibaba HPN 7.0, {pods} pod</source>
            <translation>阿里巴巴 HPN 7.0，{pods} 个 Pod</translation>
        </message>
        <message>
            <source>Alibaba HPN 7.0, {pods} pods</source>
            <translation>阿里巴巴 HPN 7.0，{pods} 个 Pod</translation>
        </message>
        <message>
            <source>Building {n}</source>
            <translation>{n} 号楼</translation>
        </message>
        <message>
            <source>ByteDance MegaScale, {pods} pod</source>
            <translation>字节跳动 MegaScale，{pods} 个 Pod</translation>
        </message>
        <message>
            <source>ByteDance MegaScale, {pods} pods</source>
            <translation>字节跳动 MegaScale，{pods} 个 Pod</translation>
        </message>
        <message>
            <source>Campus core</source>
            <translation>园区 Core</translation>
        </message>
        <message>
            <source>Campus of {total} H100 in {islands} islands</source>
            <translation>{islands} 个计算岛、{total} 张 H100 的园区</translation>
        </message>
        <message>
            <source>Campus super-core</source>
            <translation>园区 Super-Core</translation>
        </message>
        <message>
            <source>CloudMatrix384 cascade, {n} super-node</source>
            <translation>CloudMatrix384 级联，{n} 个超节点</translation>
        </message>
        <message>
            <source>CloudMatrix384 cascade, {n} super-nodes</source>
            <translation>CloudMatrix384 级联，{n} 个超节点</translation>
        </message>
        <message>
            <source>Core</source>
            <translation>Core</translation>
        </message>
        <message>
            <source>DGX SuperPOD, {sus} SU {system}</source>
            <translation>DGX SuperPOD，{sus} 个 {system} SU</translation>
        </message>
        <message>
            <source>Data centre</source>
            <translation>数据中心</translation>
        </message>
        <message>
            <source>Data hall</source>
            <translation>数据机房</translation>
        </message>
        <message>
            <source>Dragonfly+ k={k}, {groups} groups</source>
            <translation>Dragonfly+ k={k}，{groups} 个组</translation>
        </message>
        <message>
            <source>Fabric</source>
            <translation>网络</translation>
        </message>
        <message>
            <source>Fat-tree k={k}</source>
            <translation>胖树 k={k}</translation>
        </message>
        <message>
            <source>Global {a}–{b}</source>
            <translation>全局链路 {a}–{b}</translation>
        </message>
        <message>
            <source>Group {n}</source>
            <translation>组 {n}</translation>
        </message>
        <message>
            <source>Hall {n}</source>
            <translation>{n} 号机房</translation>
        </message>
        <message>
            <source>Hosts</source>
            <translation>主机</translation>
        </message>
        <message>
            <source>Island {n}</source>
            <translation>计算岛 {n}</translation>
        </message>
        <message>
            <source>Leaf</source>
            <translation>Leaf</translation>
        </message>
        <message>
            <source>Leaf-spine {leaves}×{spines}</source>
            <translation>两层 Leaf-Spine {leaves}×{spines}</translation>
        </message>
        <message>
            <source>Machine hall</source>
            <translation>机房</translation>
        </message>
        <message>
            <source>Pod {n}</source>
            <translation>Pod {n}</translation>
        </message>
        <message>
            <source>Pod {n} segment {s}</source>
            <translation>Pod {n} Segment {s}</translation>
        </message>
        <message>
            <source>P{n} S{s}</source>
            <translation>P{n} S{s}</translation>
        </message>
        <message>
            <source>SN {n}</source>
            <translation>超节点 {n}</translation>
        </message>
        <message>
            <source>SU {n}</source>
            <translation>可扩展单元 {n}</translation>
        </message>
        <message>
            <source>Spine</source>
            <translation>Spine</translation>
        </message>
        <message>
            <source>Super-node {n}</source>
            <translation>超节点 {n}</translation>
        </message>
        <message>
            <source>Untitled campus</source>
            <translation>未命名园区</translation>
        </message>
        <message>
            <source>Zone {n}</source>
            <translation>AI 分区 {n}</translation>
        </message>
        <message>
            <source>aggregation</source>
            <translation>汇聚</translation>
        </message>
        <message>
            <source>cluster switches</source>
            <translation>集群交换机</translation>
        </message>
        <message>
            <source>core</source>
            <translation>Core</translation>
        </message>
        <message>
            <source>edge</source>
            <translation>接入</translation>
        </message>
        <message>
            <source>host ports</source>
            <translation>主机端口</translation>
        </message>
        <message>
            <source>hosts</source>
            <translation>主机</translation>
        </message>
        <message>
            <source>leaf</source>
            <translation>Leaf</translation>
        </message>
        <message>
            <source>rack</source>
            <translation>机柜</translation>
        </message>
        <message>
            <source>rack switches</source>
            <translation>机柜交换机</translation>
        </message>
        <message>
            <source>racks</source>
            <translation>机柜</translation>
        </message>
        <message>
            <source>rails</source>
            <translation>轨道链路</translation>
        </message>
        <message>
            <source>servers</source>
            <translation>服务器</translation>
        </message>
        <message>
            <source>spine</source>
            <translation>Spine</translation>
        </message>
        <message>
            <source>super-core</source>
            <translation>Super-Core</translation>
        </message>
        <message>
            <source>super-spine</source>
            <translation>Super-Spine</translation>
        </message>
    </context>
    <context>
        <name>parts</name>
        <message>
            <source>200G active optical cable (AOC)</source>
            <translation>200G 有源光缆（AOC）</translation>
        </message>
        <message>
            <source>2× DGX H100 (16 GPUs per rack, Meta style)</source>
            <translation>2× DGX H100（每柜 16 卡，Meta 方式）</translation>
        </message>
        <message>
            <source>400G OSFP multimode optics (SR4), per link end</source>
            <translation>400G OSFP 多模光模块（SR4），链路每端一个</translation>
        </message>
        <message>
            <source>400G OSFP single-mode optics (DR4), per link end</source>
            <translation>400G OSFP 单模光模块（DR4），链路每端一个</translation>
        </message>
        <message>
            <source>400G active optical cable (AOC)</source>
            <translation>400G 有源光缆（AOC）</translation>
        </message>
        <message>
            <source>400G passive copper (DAC)</source>
            <translation>400G 无源铜缆（DAC）</translation>
        </message>
        <message>
            <source>400G single-mode optics (FR4), per link end</source>
            <translation>400G 单模光模块（FR4），链路每端一个</translation>
        </message>
        <message>
            <source>400G single-mode optics (LR4), per link end</source>
            <translation>400G 单模光模块（LR4），链路每端一个</translation>
        </message>
        <message>
            <source>4× Biren Hearten BR100 server, air-cooled</source>
            <translation>4× 壁仞 BR100 服务器，风冷</translation>
        </message>
        <message>
            <source>4× DGX A100, air-cooled</source>
            <translation>4× DGX A100，风冷</translation>
        </message>
        <message>
            <source>4× DGX B200, liquid-assisted</source>
            <translation>4× DGX B200，液冷辅助</translation>
        </message>
        <message>
            <source>4× DGX H100, air-cooled</source>
            <translation>4× DGX H100，风冷</translation>
        </message>
        <message>
            <source>4× DGX H200, air-cooled</source>
            <translation>4× DGX H200，风冷</translation>
        </message>
        <message>
            <source>4× H3C R5500 G6 H20, air-cooled</source>
            <translation>4× H3C R5500 G6 H20，风冷</translation>
        </message>
        <message>
            <source>4× HGX H100 8-GPU server, air-cooled</source>
            <translation>4× HGX H100 8 卡服务器，风冷</translation>
        </message>
        <message>
            <source>4× HPN host (H800), air-cooled</source>
            <translation>4× HPN 主机（H800），风冷</translation>
        </message>
        <message>
            <source>4× Huawei Atlas 800T A2, air-cooled</source>
            <translation>4× 华为 Atlas 800T A2，风冷</translation>
        </message>
        <message>
            <source>4× Hygon K100-AI 8-card server, air-cooled</source>
            <translation>4× 海光 K100-AI 8 卡服务器，风冷</translation>
        </message>
        <message>
            <source>4× Iluvatar BI-V100 8-card server, air-cooled</source>
            <translation>4× 天数智芯 BI-V100 8 卡服务器，风冷</translation>
        </message>
        <message>
            <source>4× Inspur NF5688G7 H800, air-cooled</source>
            <translation>4× 浪潮 NF5688G7 H800，风冷</translation>
        </message>
        <message>
            <source>4× Inspur NF5688M6 A800, air-cooled</source>
            <translation>4× 浪潮 NF5688M6 A800，风冷</translation>
        </message>
        <message>
            <source>4× Kunlunxin P800 8-OAM server, air-cooled</source>
            <translation>4× 昆仑芯 P800 8 OAM 服务器，风冷</translation>
        </message>
        <message>
            <source>4× MI300X 8-GPU server, air-cooled</source>
            <translation>4× MI300X 8 卡服务器，风冷</translation>
        </message>
        <message>
            <source>4× MLU370-X8 8-card server, air-cooled</source>
            <translation>4× 寒武纪 MLU370-X8 8 卡服务器，风冷</translation>
        </message>
        <message>
            <source>4× MLU590 8-OAM server, air-cooled</source>
            <translation>4× 寒武纪 MLU590 8 OAM 服务器，风冷</translation>
        </message>
        <message>
            <source>4× MetaX C500 8-OAM server, air-cooled</source>
            <translation>4× 沐曦 C500 8 OAM 服务器，风冷</translation>
        </message>
        <message>
            <source>4× Moore Threads MCCX D800, air-cooled</source>
            <translation>4× 摩尔线程 MCCX D800，风冷</translation>
        </message>
        <message>
            <source>51.2 Tb/s Tomahawk 5-class Ethernet switch (64 × 800G)</source>
            <translation>51.2 Tb/s Tomahawk 5 级以太网交换机（64 × 800G）</translation>
        </message>
        <message>
            <source>800G OSFP optics (2×DR4 / SR8), per link end</source>
            <translation>800G OSFP 光模块（2×DR4 / SR8），链路每端一个</translation>
        </message>
        <message>
            <source>800G active optical cable (AOC)</source>
            <translation>800G 有源光缆（AOC）</translation>
        </message>
        <message>
            <source>800G multimode optics (SR8), per link end</source>
            <translation>800G 多模光模块（SR8），链路每端一个</translation>
        </message>
        <message>
            <source>800G passive copper (DAC)</source>
            <translation>800G 无源铜缆（DAC）</translation>
        </message>
        <message>
            <source>800G single-mode optics (2xFR4), per link end</source>
            <translation>800G 单模光模块（2xFR4），链路每端一个</translation>
        </message>
        <message>
            <source>800G single-mode optics (2xLR4), per link end</source>
            <translation>800G 单模光模块（2xLR4），链路每端一个</translation>
        </message>
        <message>
            <source>AMD Instinct MI300X</source>
            <translation>AMD Instinct MI300X</translation>
        </message>
        <message>
            <source>AMD Instinct MI300X platform server (8 OAM)</source>
            <translation>AMD Instinct MI300X 平台服务器（8 OAM）</translation>
        </message>
        <message>
            <source>Biren BR100 64 GB (OAM)</source>
            <translation>壁仞 BR100 64 GB（OAM）</translation>
        </message>
        <message>
            <source>Biren Hearten 8× BR100 OAM server</source>
            <translation>壁仞 8× BR100 OAM 服务器</translation>
        </message>
        <message>
            <source>Cambricon MLU370-X8 48 GB (PCIe, two chips)</source>
            <translation>寒武纪 MLU370-X8 48 GB（PCIe，双芯片）</translation>
        </message>
        <message>
            <source>Cambricon MLU370-X8 8-card PCIe server (OEM class)</source>
            <translation>寒武纪 MLU370-X8 8 卡 PCIe 服务器（OEM 级）</translation>
        </message>
        <message>
            <source>Cambricon MLU590 (OAM)</source>
            <translation>寒武纪 MLU590（OAM）</translation>
        </message>
        <message>
            <source>Cambricon MLU590 8-OAM server (OEM class)</source>
            <translation>寒武纪 MLU590 8 OAM 服务器（OEM 级）</translation>
        </message>
        <message>
            <source>CloudMatrix384 compute rack (4× 910C server)</source>
            <translation>CloudMatrix384 计算柜（4× 910C 服务器）</translation>
        </message>
        <message>
            <source>GB200 NVL72 rack (18 compute trays)</source>
            <translation>GB200 NVL72 机柜（18 个计算托盘）</translation>
        </message>
        <message>
            <source>Generic 10G optics (SFP+ SR), per link end (nominal)</source>
            <translation>通用 10G 光模块（SFP+ SR），链路每端一个（标称）</translation>
        </message>
        <message>
            <source>Generic 48-port 10G commodity switch (nominal)</source>
            <translation>通用 48 端口 10G 商用交换机（标称）</translation>
        </message>
        <message>
            <source>Generic 64-port 100G commodity switch (nominal)</source>
            <translation>通用 64 端口 100G 商用交换机（标称）</translation>
        </message>
        <message>
            <source>Generic host endpoint (nominal, one per classic host)</source>
            <translation>通用主机端点（标称，每台传统主机一个）</translation>
        </message>
        <message>
            <source>Generic host rack, 24 one-NIC hosts (nominal)</source>
            <translation>通用主机机柜，24 台单网卡主机（标称）</translation>
        </message>
        <message>
            <source>Generic host rack, {hosts} one-NIC {speed}G hosts (nominal)</source>
            <translation>通用主机机柜，{hosts} 台单网卡 {speed}G 主机（标称）</translation>
        </message>
        <message>
            <source>Generic host, one NIC (nominal)</source>
            <translation>通用主机，单网卡（标称）</translation>
        </message>
        <message>
            <source>Generic host, one {speed}G NIC (nominal)</source>
            <translation>通用主机，单个 {speed}G 网卡（标称）</translation>
        </message>
        <message>
            <source>Generic {radix}-port {speed}G switch (nominal)</source>
            <translation>通用 {radix} 端口 {speed}G 交换机（标称）</translation>
        </message>
        <message>
            <source>Generic {speed}G optics, per link end (nominal)</source>
            <translation>通用 {speed}G 光模块，链路每端一个（标称）</translation>
        </message>
        <message>
            <source>H3C S9825-64D (64 × 400G, 25.6 Tb/s)</source>
            <translation>H3C S9825-64D（64 × 400G，25.6 Tb/s）</translation>
        </message>
        <message>
            <source>H3C S9827-128DH (128 × 400G, 51.2 Tb/s)</source>
            <translation>H3C S9827-128DH（128 × 400G，51.2 Tb/s）</translation>
        </message>
        <message>
            <source>H3C S9827-64EP (64 × 800G, 51.2 Tb/s)</source>
            <translation>H3C S9827-64EP（64 × 800G，51.2 Tb/s）</translation>
        </message>
        <message>
            <source>H3C UniServer R5500 G6, 8× H20</source>
            <translation>H3C UniServer R5500 G6，8× H20</translation>
        </message>
        <message>
            <source>HGX H100 8-GPU server (OEM class)</source>
            <translation>HGX H100 8 卡服务器（OEM 级）</translation>
        </message>
        <message>
            <source>HPN host: 8× H800, 8 dual-port 2×200G NICs (16 ports)</source>
            <translation>HPN 主机：8× H800，8 块双端口 2×200G 网卡（16 个端口）</translation>
        </message>
        <message>
            <source>Huawei</source>
            <translation>华为</translation>
        </message>
        <message>
            <source>Huawei Ascend 910B</source>
            <translation>华为昇腾 910B</translation>
        </message>
        <message>
            <source>Huawei Ascend 910C</source>
            <translation>华为昇腾 910C</translation>
        </message>
        <message>
            <source>Huawei Atlas 800T A2 (8× Ascend 910B)</source>
            <translation>华为 Atlas 800T A2（8× 昇腾 910B）</translation>
        </message>
        <message>
            <source>Huawei CloudEngine XH-series box, 64 × 400GE (25.6 Tb/s class)</source>
            <translation>华为 CloudEngine XH 系列盒式交换机，64 × 400GE（25.6 Tb/s 级）</translation>
        </message>
        <message>
            <source>Huawei CloudEngine XH-series box, 64 × 800GE (51.2 Tb/s class)</source>
            <translation>华为 CloudEngine XH 系列盒式交换机，64 × 800GE（51.2 Tb/s 级）</translation>
        </message>
        <message>
            <source>Huawei CloudMatrix384 Ascend 910C server</source>
            <translation>华为 CloudMatrix384 昇腾 910C 服务器</translation>
        </message>
        <message>
            <source>Hygon DCU K100-AI 64 GB</source>
            <translation>海光 DCU K100-AI 64 GB</translation>
        </message>
        <message>
            <source>Hygon DCU K100-AI 8-card server (OEM class)</source>
            <translation>海光 DCU K100-AI 8 卡服务器（OEM 级）</translation>
        </message>
        <message>
            <source>Iluvatar CoreX BI-V100 8-card PCIe server (OEM class)</source>
            <translation>天数智芯 BI-V100 8 卡 PCIe 服务器（OEM 级）</translation>
        </message>
        <message>
            <source>Iluvatar CoreX Tiangai 100 (BI-V100) 32 GB</source>
            <translation>天数智芯 天垓 100（BI-V100）32 GB</translation>
        </message>
        <message>
            <source>Inspur NF5688G7, 8× H800 SXM5</source>
            <translation>浪潮 NF5688G7，8× H800 SXM5</translation>
        </message>
        <message>
            <source>Inspur NF5688M6, 8× A800 SXM4</source>
            <translation>浪潮 NF5688M6，8× A800 SXM4</translation>
        </message>
        <message>
            <source>Kunlunxin P800 (XPU-P, OAM)</source>
            <translation>昆仑芯 P800（XPU-P，OAM）</translation>
        </message>
        <message>
            <source>Kunlunxin P800 8-OAM server (OEM class)</source>
            <translation>昆仑芯 P800 8 OAM 服务器（OEM 级）</translation>
        </message>
        <message>
            <source>MetaX C500 8-OAM server (OEM class)</source>
            <translation>沐曦 C500 8 OAM 服务器（OEM 级）</translation>
        </message>
        <message>
            <source>MetaX Xiyun C500 64 GB (OAM)</source>
            <translation>沐曦 曦云 C500 64 GB（OAM）</translation>
        </message>
        <message>
            <source>Moore Threads MCCX D800 (8× MTT S4000)</source>
            <translation>摩尔线程 MCCX D800（8× MTT S4000）</translation>
        </message>
        <message>
            <source>Moore Threads MTT S4000 48 GB</source>
            <translation>摩尔线程 MTT S4000 48 GB</translation>
        </message>
        <message>
            <source>NVIDIA A100 SXM4 80 GB</source>
            <translation>NVIDIA A100 SXM4 80 GB</translation>
        </message>
        <message>
            <source>NVIDIA A800 SXM4 80 GB (China market)</source>
            <translation>NVIDIA A800 SXM4 80 GB（中国特供版）</translation>
        </message>
        <message>
            <source>NVIDIA B200 (HGX B200 / DGX B200)</source>
            <translation>NVIDIA B200（HGX B200 / DGX B200）</translation>
        </message>
        <message>
            <source>NVIDIA B200 GPU of a GB200 superchip (NVL72)</source>
            <translation>NVIDIA B200（GB200 超级芯片中的 GPU，NVL72）</translation>
        </message>
        <message>
            <source>NVIDIA DGX A100 (640 GB)</source>
            <translation>NVIDIA DGX A100（640 GB）</translation>
        </message>
        <message>
            <source>NVIDIA DGX B200</source>
            <translation>NVIDIA DGX B200</translation>
        </message>
        <message>
            <source>NVIDIA DGX H100</source>
            <translation>NVIDIA DGX H100</translation>
        </message>
        <message>
            <source>NVIDIA DGX H200</source>
            <translation>NVIDIA DGX H200</translation>
        </message>
        <message>
            <source>NVIDIA GB200 NVL72 compute tray</source>
            <translation>NVIDIA GB200 NVL72 计算托盘</translation>
        </message>
        <message>
            <source>NVIDIA H100 SXM5 80 GB</source>
            <translation>NVIDIA H100 SXM5 80 GB</translation>
        </message>
        <message>
            <source>NVIDIA H20 96 GB (China market)</source>
            <translation>NVIDIA H20 96 GB（中国特供版）</translation>
        </message>
        <message>
            <source>NVIDIA H200 SXM 141 GB</source>
            <translation>NVIDIA H200 SXM 141 GB</translation>
        </message>
        <message>
            <source>NVIDIA H800 SXM5 80 GB (China market)</source>
            <translation>NVIDIA H800 SXM5 80 GB（中国特供版）</translation>
        </message>
        <message>
            <source>NVIDIA Quantum-2 QM9700 (NDR InfiniBand)</source>
            <translation>NVIDIA Quantum-2 QM9700（NDR InfiniBand）</translation>
        </message>
        <message>
            <source>NVIDIA Quantum-X800 Q3400 (XDR InfiniBand)</source>
            <translation>NVIDIA Quantum-X800 Q3400（XDR InfiniBand）</translation>
        </message>
        <message>
            <source>NVIDIA Spectrum-4 SN5600 (800GbE)</source>
            <translation>NVIDIA Spectrum-4 SN5600（800GbE）</translation>
        </message>
        <message>
            <source>Ruijie</source>
            <translation>锐捷</translation>
        </message>
        <message>
            <source>Ruijie RG-S6980-64QC (64 × 400G, 25.6 Tb/s)</source>
            <translation>锐捷 RG-S6980-64QC（64 × 400G，25.6 Tb/s）</translation>
        </message>
        <message>
            <source>Ruijie RG-S6990-128QC2XS (128 × 400G, 51.2 Tb/s)</source>
            <translation>锐捷 RG-S6990-128QC2XS（128 × 400G，51.2 Tb/s）</translation>
        </message>
        <message>
            <source>generic</source>
            <translation>通用</translation>
        </message>
        <message>
            <source>generic (Broadcom Tomahawk 5)</source>
            <translation>通用（Broadcom Tomahawk 5）</translation>
        </message>
        <message>
            <source>{rack}, {servers} servers per rack</source>
            <translation>{rack}，每机柜 {servers} 台服务器</translation>
        </message>
    </context>
    <context>
        <name>problems</name>
        <message>
            <source>Bundle {name!r} runs {speed:,g} Gb/s links on {medium_speed:,g}G cables ({medium}): choose a {speed:,g}G medium or set the links to {medium_speed:,g}G</source>
            <translation>链路束 {name!r} 的链路速率为 {speed:,g} Gb/s，却使用 {medium_speed:,g}G 线缆（{medium}）：请选用 {speed:,g}G 介质，或将链路速率设为 {medium_speed:,g}G</translation>
        </message>
        <message>
            <source>Bundle {name!r} runs {speed:,g} Gb/s links on {medium_speed:,g}G optics ({medium}): choose a {speed:,g}G medium or set the links to {medium_speed:,g}G</source>
            <translation>链路束 {name!r} 的链路速率为 {speed:,g} Gb/s，却使用 {medium_speed:,g}G 光模块（{medium}）：请选用 {speed:,g}G 介质，或将链路速率设为 {medium_speed:,g}G</translation>
        </message>
        <message>
            <source>Link bundle {name!r} has no medium: its optics and cables are not in the cost or power</source>
            <translation>链路束 {name!r} 未选择介质：其光模块和线缆未计入成本和功耗</translation>
        </message>
        <message>
            <source>the failure rate set for {component} names {part!r}, which is not a {kind} of the design: it is not used</source>
            <translation>为 {component} 设置的故障率指定了 {part!r}，但它不是本设计中的{kind}：该故障率不会被使用</translation>
        </message>
        <message>
            <source>{name}: IT load {it_mw:,.2f} MW exceeds its capacity of {capacity_mw:,.2f} MW</source>
            <translation>{name}：IT 负载 {it_mw:,.2f} MW，超过其供电容量 {capacity_mw:,.2f} MW</translation>
        </message>
        <message>
            <source>{name}: a switch needs {used:,g} ports, it has {ports:,}</source>
            <translation>{name}：每台交换机需要 {used:,g} 个端口，实际只有 {ports:,} 个</translation>
        </message>
        <message>
            <source>{name}: accelerator {part!r} is not in the catalog</source>
            <translation>{name}：加速卡 {part!r} 不在器件库中</translation>
        </message>
        <message>
            <source>{name}: each rack draws {rack_kw:.1f} kW, over its {budget_kw:g} kW budget</source>
            <translation>{name}：每个机柜功耗 {rack_kw:.1f} kW，超出 {budget_kw:g} kW 的机柜功耗预算</translation>
        </message>
        <message>
            <source>{name}: medium {part!r} is not in the catalog</source>
            <translation>{name}：介质 {part!r} 不在器件库中</translation>
        </message>
        <message>
            <source>{name}: no links on the {plane} plane</source>
            <translation>{name}：在{plane}平面上没有链路</translation>
        </message>
        <message>
            <source>{name}: no links to or from this tier</source>
            <translation>{name}：该交换机层没有任何上下行链路</translation>
        </message>
        <message>
            <source>{name}: oversubscribed {ratio:.2f}:1, above the threshold of {threshold:g}:1</source>
            <translation>{name}：收敛比 {ratio:.2f}:1，高于阈值 {threshold:g}:1</translation>
        </message>
        <message>
            <source>{name}: rack type {part!r} is not in the catalog</source>
            <translation>{name}：机柜类型 {part!r} 不在器件库中</translation>
        </message>
        <message>
            <source>{name}: server {part!r} is not in the catalog</source>
            <translation>{name}：服务器 {part!r} 不在器件库中</translation>
        </message>
        <message>
            <source>{name}: switch model {part!r} is not in the catalog</source>
            <translation>{name}：交换机型号 {part!r} 不在器件库中</translation>
        </message>
        <message>
            <source>{name}: the servers have no NICs on this plane</source>
            <translation>{name}：服务器在该平面上没有网卡</translation>
        </message>
        <message>
            <source>{name}: {accelerators:,} accelerators do not fill whole scale-up domains of {domain:,}</source>
            <translation>{name}：{accelerators:,} 张加速卡无法填满整数个 {domain:,} 卡的 Scale-up 域</translation>
        </message>
        <message>
            <source>{name}: {count:,} accelerators cut off from the {plane} network by the failures</source>
            <translation>{name}：故障使 {count:,} 张加速卡与{plane}网络断开</translation>
        </message>
        <message>
            <source>{name}: {links:,} links per member do not deal evenly over {switches:,} switches ({pattern} wiring)</source>
            <translation>{name}：每个成员 {links:,} 条链路无法均匀分配到 {switches:,} 台交换机上（{pattern} 连线方式）</translation>
        </message>
        <message>
            <source>{name}: {links:,} × {speed:g}G per server exceeds its {nics:,} × {nic_speed:g}G NICs</source>
            <translation>{name}：每台服务器 {links:,} × {speed:g}G 链路，超出其 {nics:,} × {nic_speed:g}G 网卡</translation>
        </message>
        <message>
            <source>{name}: {medium} carries {medium_speed:g}G, the links run at {speed:g}G</source>
            <translation>{name}：{medium} 只支持 {medium_speed:g}G，而链路速率为 {speed:g}G</translation>
        </message>
        <message>
            <source>{name}: {medium} reaches {reach_m:g} m, the links are {length_m:g} m long (estimated: {length_class}); choose a medium of longer reach</source>
            <translation>{name}：{medium} 的传输距离为 {reach_m:g} m，而链路长 {length_m:g} m（估算：{length_class}）；请选用传输距离更长的介质</translation>
        </message>
        <message>
            <source>{name}: {medium} reaches {reach_m:g} m, the links are {length_m:g} m long; choose a medium of longer reach</source>
            <translation>{name}：{medium} 的传输距离为 {reach_m:g} m，而链路长 {length_m:g} m；请选用传输距离更长的介质</translation>
        </message>
        <message>
            <source>{name}: {speed:g}G links on {switch} ports of {port_speed:g}G</source>
            <translation>{name}：{speed:g}G 链路接在 {switch} 的 {port_speed:g}G 端口上</translation>
        </message>
        <message>
            <source>{pairs:,} pairs of accelerators have no path between them on this plane</source>
            <translation>该平面上有 {pairs:,} 对加速卡之间没有可达路径</translation>
        </message>
    </context>
    <context>
        <name>reasons</name>
        <message>
            <source>not computed: too large ({links} links, {switches} switches, {accelerators} accelerators; the engine computes planes of up to {max_links} links, {max_switches} switches and {max_accelerators} accelerators)</source>
            <translation>未计算：规模过大（{links} 条链路、{switches} 台交换机、{accelerators} 张加速卡；引擎计算的网络平面最多 {max_links} 条链路、{max_switches} 台交换机和 {max_accelerators} 张加速卡）</translation>
        </message>
        <message>
            <source>not computed: too large for the {budget_s} s budget</source>
            <translation>未计算：超出 {budget_s} s 的计算时间预算</translation>
        </message>
        <message>
            <source>not computed: too large for the {budget_s} s budget (estimated {estimate_s} s, {left_s} s left)</source>
            <translation>未计算：超出 {budget_s} s 的计算时间预算（估计需要 {estimate_s} s，剩余 {left_s} s）</translation>
        </message>
    </context>
    <context>
        <name>recovery</name>
        <message>
            <source>{name} — never saved — autosaved {when}</source>
            <translation>{name} — 从未保存 — 自动保存于 {when}</translation>
        </message>
        <message>
            <source>{name} — {path} — autosaved {when}</source>
            <translation>{name} — {path} — 自动保存于 {when}</translation>
        </message>
    </context>
    <context>
        <name>reliability</name>
        <message>
            <source>'events' and 'units' go together</source>
            <translation>'events' 与 'units' 必须同时给出</translation>
        </message>
        <message>
            <source>'format' must be {format!r}</source>
            <translation>'format' 必须为 {format!r}</translation>
        </message>
        <message>
            <source>'observation.days' is needed for rates given as events</source>
            <translation>以事件数给出的故障率需要 'observation.days'</translation>
        </message>
        <message>
            <source>Campus interruptions per day</source>
            <translation>园区每日中断次数</translation>
        </message>
        <message>
            <source>Campus mean time between interruptions</source>
            <translation>园区平均中断间隔</translation>
        </message>
        <message>
            <source>Checkpoint interval (Young / Daly)</source>
            <translation>检查点间隔（Young / Daly）</translation>
        </message>
        <message>
            <source>Goodput (first order / Daly's model)</source>
            <translation>有效训练率（一阶近似 / Daly 模型）</translation>
        </message>
        <message>
            <source>Job ({accelerators:,} accelerators) interruptions per day</source>
            <translation>作业（{accelerators:,} 张加速卡）每日中断次数</translation>
        </message>
        <message>
            <source>Job mean time between interruptions</source>
            <translation>作业平均中断间隔</translation>
        </message>
        <message>
            <source>a class is given twice</source>
            <translation>同一类别给出了两次</translation>
        </message>
        <message>
            <source>class {component!r} is counted per {unit}, not {given}</source>
            <translation>类别 {component!r} 按 {unit} 计数，而不是 {given}</translation>
        </message>
        <message>
            <source>give exactly one of 'afr_per_year' or 'mtbf_hours'</source>
            <translation>'afr_per_year' 与 'mtbf_hours' 须且只能给出其一</translation>
        </message>
        <message>
            <source>give exactly one of 'events' (with 'units'), 'afr_per_year' or 'mtbf_hours'</source>
            <translation>'events'（连同 'units'）、'afr_per_year'、'mtbf_hours' 须且只能给出其一</translation>
        </message>
        <message>
            <source>no rate for class {component!r}</source>
            <translation>类别 {component!r} 没有故障率</translation>
        </message>
        <message>
            <source>the rows sum to {total:g}, not the {events:g} events</source>
            <translation>各行合计 {total:g}，与事件数 {events:g} 不符</translation>
        </message>
        <message>
            <source>{path}: cannot read the file ({why})</source>
            <translation>{path}：无法读取文件（{why}）</translation>
        </message>
        <message>
            <source>{path}: not valid JSON: {why} at line {line}</source>
            <translation>{path}：不是有效的 JSON：第 {line} 行 {why}</translation>
        </message>
        <message>
            <source>{path}: {reason}</source>
            <translation>{path}：{reason}</translation>
        </message>
        <message>
            <source>{path}: {where}: {reason}</source>
            <translation>{path}：{where}：{reason}</translation>
        </message>
    </context>
    <context>
        <name>report</name>
        <message>
            <source> (upper bound)</source>
            <translation>（上界）</translation>
        </message>
        <message>
            <source>Accelerators</source>
            <translation>加速卡</translation>
        </message>
        <message>
            <source>And</source>
            <translation>至</translation>
        </message>
        <message>
            <source>Archipelago design report · {stamp} · {plane} plane</source>
            <translation>Archipelago 设计报告 · {stamp} · {plane}平面</translation>
        </message>
        <message>
            <source>Between</source>
            <translation>从</translation>
        </message>
        <message>
            <source>Bill of materials</source>
            <translation>物料清单</translation>
        </message>
        <message>
            <source>Bisection and hops</source>
            <translation>二分带宽与跳数</translation>
        </message>
        <message>
            <source>Bisection bandwidth</source>
            <translation>二分带宽</translation>
        </message>
        <message>
            <source>Bisection bandwidth {gbps} Gb/s ({how}), {per_accelerator} Gb/s per accelerator, {fraction} of full bisection ({full} Gb/s). The cut puts {side_a} accelerators on side A.</source>
            <translation>二分带宽 {gbps} Gb/s（{how}），每加速卡 {per_accelerator} Gb/s，为全二分带宽（{full} Gb/s）的 {fraction}。该切分在 A 侧放置 {side_a} 张加速卡。</translation>
        </message>
        <message>
            <source>Bisection per accelerator</source>
            <translation>每加速卡二分带宽</translation>
        </message>
        <message>
            <source>Bisection: {reason}. Its upper bound, N/2 × injection bandwidth, is {gbps} Gb/s ({per_accelerator} Gb/s per accelerator).</source>
            <translation>二分带宽：{reason}。其上界（N/2 × 注入带宽）为 {gbps} Gb/s（每加速卡 {per_accelerator} Gb/s）。</translation>
        </message>
        <message>
            <source>Building</source>
            <translation>建筑</translation>
        </message>
        <message>
            <source>Building (M {currency})</source>
            <translation>建筑（百万 {currency}）</translation>
        </message>
        <message>
            <source>Buildings / islands</source>
            <translation>建筑 / 计算岛</translation>
        </message>
        <message>
            <source>CAPEX</source>
            <translation>资本支出</translation>
        </message>
        <message>
            <source>Campus</source>
            <translation>园区</translation>
        </message>
        <message>
            <source>Capacity (minimum cut)</source>
            <translation>容量（最小割）</translation>
        </message>
        <message>
            <source>Capacity between buildings</source>
            <translation>建筑间容量</translation>
        </message>
        <message>
            <source>Capacity between islands</source>
            <translation>计算岛间容量</translation>
        </message>
        <message>
            <source>Capacity kW</source>
            <translation>供电容量 kW</translation>
        </message>
        <message>
            <source>Compute (peak dense BF16)</source>
            <translation>算力（BF16 稠密峰值）</translation>
        </message>
        <message>
            <source>Cost ({currency})</source>
            <translation>成本（{currency}）</translation>
        </message>
        <message>
            <source>Description</source>
            <translation>说明</translation>
        </message>
        <message>
            <source>Element</source>
            <translation>元素</translation>
        </message>
        <message>
            <source>Energy / year</source>
            <translation>年电费</translation>
        </message>
        <message>
            <source>Facility kW</source>
            <translation>设施功耗 kW</translation>
        </message>
        <message>
            <source>Facility power (campus)</source>
            <translation>设施总功耗（园区）</translation>
        </message>
        <message>
            <source>Figure</source>
            <translation>指标</translation>
        </message>
        <message>
            <source>Fraction of full bisection</source>
            <translation>占全二分带宽比例</translation>
        </message>
        <message>
            <source>Headline figures</source>
            <translation>关键指标</translation>
        </message>
        <message>
            <source>Headroom kW</source>
            <translation>余量 kW</translation>
        </message>
        <message>
            <source>Hops (switches on a shortest path)</source>
            <translation>跳数（最短路径经过的交换机数）</translation>
        </message>
        <message>
            <source>Hops between accelerators: maximum {max}, mean {mean} over the pairs that cross the scale-out network; {scale_up} pairs inside a scale-up domain; {unreachable} pairs unreachable.</source>
            <translation>加速卡间跳数：经过 Scale-out 网络的卡对最大 {max} 跳、平均 {mean} 跳；Scale-up 域内卡对 {scale_up} 对；不可达卡对 {unreachable} 对。</translation>
        </message>
        <message>
            <source>Hops between accelerators: {reason}.</source>
            <translation>加速卡间跳数：{reason}。</translation>
        </message>
        <message>
            <source>IT kW</source>
            <translation>IT 功耗 kW</translation>
        </message>
        <message>
            <source>IT power (campus)</source>
            <translation>IT 功耗（园区）</translation>
        </message>
        <message>
            <source>Injection bandwidth per accelerator</source>
            <translation>每加速卡注入带宽</translation>
        </message>
        <message>
            <source>Item</source>
            <translation>类别</translation>
        </message>
        <message>
            <source>Name</source>
            <translation>名称</translation>
        </message>
        <message>
            <source>No problems.</source>
            <translation>没有问题。</translation>
        </message>
        <message>
            <source>Oversubscription</source>
            <translation>收敛比</translation>
        </message>
        <message>
            <source>Ports used / available</source>
            <translation>已用 / 可用端口</translation>
        </message>
        <message>
            <source>Power per building</source>
            <translation>各建筑功耗</translation>
        </message>
        <message>
            <source>Problem</source>
            <translation>问题</translation>
        </message>
        <message>
            <source>Problems</source>
            <translation>问题</translation>
        </message>
        <message>
            <source>Quantity</source>
            <translation>数量</translation>
        </message>
        <message>
            <source>Racks</source>
            <translation>机柜</translation>
        </message>
        <message>
            <source>Reliability (expected interruptions, Llama 3 failure rates)</source>
            <translation>可靠性（预期中断，采用 Llama 3 故障率）</translation>
        </message>
        <message>
            <source>Role</source>
            <translation>角色</translation>
        </message>
        <message>
            <source>Scale-up pairs</source>
            <translation>Scale-up 域内卡对</translation>
        </message>
        <message>
            <source>Scope</source>
            <translation>范围</translation>
        </message>
        <message>
            <source>Servers</source>
            <translation>服务器</translation>
        </message>
        <message>
            <source>Severity</source>
            <translation>严重程度</translation>
        </message>
        <message>
            <source>Switch tiers</source>
            <translation>交换机层</translation>
        </message>
        <message>
            <source>Switches</source>
            <translation>交换机</translation>
        </message>
        <message>
            <source>Tier</source>
            <translation>交换机层</translation>
        </message>
        <message>
            <source>Utilization</source>
            <translation>利用率</translation>
        </message>
        <message>
            <source>Value</source>
            <translation>数值</translation>
        </message>
        <message>
            <source>accelerator pairs</source>
            <translation>加速卡对数</translation>
        </message>
        <message>
            <source>design</source>
            <translation>设计</translation>
        </message>
        <message>
            <source>exact</source>
            <translation>精确值</translation>
        </message>
        <message>
            <source>max {max}, mean {mean}</source>
            <translation>最大 {max}，平均 {mean}</translation>
        </message>
        <message>
            <source>not computed</source>
            <translation>未计算</translation>
        </message>
        <message>
            <source>switch hops</source>
            <translation>交换机跳数</translation>
        </message>
        <message>
            <source>upper bound: best balanced cut found</source>
            <translation>上界：找到的最优均衡切分</translation>
        </message>
        <message>
            <source>{design} — Archipelago report</source>
            <translation>{design} — Archipelago 设计报告</translation>
        </message>
        <message>
            <source>{heading} (continued)</source>
            <translation>{heading}（续）</translation>
        </message>
        <message>
            <source>{hops} hop</source>
            <translation>{hops} 跳</translation>
        </message>
        <message>
            <source>{hops} hops</source>
            <translation>{hops} 跳</translation>
        </message>
    </context>
    <context>
        <name>sweep</name>
        <message>
            <source>--pareto {text!r}: name two figures, X,Y (e.g. power_totals.facility_kw,bisection.per_accelerator_gbps)</source>
            <translation>--pareto {text!r}：请给出两个指标 X,Y（例如 power_totals.facility_kw,bisection.per_accelerator_gbps）</translation>
        </message>
        <message>
            <source>; did you mean {near}?</source>
            <translation>；是否指 {near}？</translation>
        </message>
        <message>
            <source>the sweep table has no figure {column!r}{hint}</source>
            <translation>扫描结果表中没有指标 {column!r}{hint}</translation>
        </message>
    </context>
    <context>
        <name>templates</name>
        <message>
            <source>--buildings {buildings} is more than --islands {islands}</source>
            <translation>--buildings {buildings} 多于 --islands {islands}</translation>
        </message>
        <message>
            <source>--buildings {buildings} is more than --pods {pods}</source>
            <translation>--buildings {buildings} 多于 --pods {pods}</translation>
        </message>
        <message>
            <source>--gpus-per-island must be a multiple of {block} (32 DGX H100 under one group of 8 rail leaves), not {gpus_per_island:,}</source>
            <translation>--gpus-per-island 必须是 {block} 的倍数（一组 8 台轨道叶交换机下接 32 台 DGX H100），而不是 {gpus_per_island:,}</translation>
        </message>
        <message>
            <source>--gpus-per-rack must be a multiple of 8 (8-GPU servers), not {gpus_per_rack}</source>
            <translation>--gpus-per-rack 必须是 8 的倍数（8 卡服务器），而不是 {gpus_per_rack}</translation>
        </message>
        <message>
            <source>--groups must be at least 2 (0 for k/2 + 1), not {groups}</source>
            <translation>--groups 至少为 2（0 表示 k/2 + 1），而不是 {groups}</translation>
        </message>
        <message>
            <source>--groups {groups} is too many: each spine has {half} global ports, one per other group at least, so at most {most} groups</source>
            <translation>--groups {groups} 过多：每台脊交换机有 {half} 个全局端口，到其他每组至少一个，因此最多 {most} 组</translation>
        </message>
        <message>
            <source>--islands {islands} over --buildings {buildings}: {why}, and a core tier in each building (at most {half} islands each) under a campus super-core cannot join them with every bundle dealing evenly; --buildings that work: {fits}</source>
            <translation>--islands {islands} 分布在 --buildings {buildings} 上：{why}；而在每栋建筑设一个核心层（每栋最多 {half} 个计算岛）、其上再设园区超级核心层，也无法让每个链路束都均匀连接；可行的 --buildings：{fits}</translation>
        </message>
        <message>
            <source>--k must be even (each switch splits its ports in halves), not {k}</source>
            <translation>--k 必须是偶数（每台交换机的端口对半分），而不是 {k}</translation>
        </message>
        <message>
            <source>--k must be even (half the ports down, half up), not {k}</source>
            <translation>--k 必须是偶数（一半端口下行、一半上行），而不是 {k}</translation>
        </message>
        <message>
            <source>--pods {pods} is more than one core tier can join</source>
            <translation>--pods {pods} 超出一个核心层所能互联的数量</translation>
        </message>
        <message>
            <source>--pods {pods} is more than {links} aggregation links</source>
            <translation>--pods {pods} 多于 {links} 条汇聚链路</translation>
        </message>
        <message>
            <source>--routers must be even and at most --k {k} (half leaves, half spines), not {routers}</source>
            <translation>--routers 必须是偶数且不超过 --k {k}（叶、脊各半），而不是 {routers}</translation>
        </message>
        <message>
            <source>--super-nodes {super_nodes} is more than one core tier can join: each super-node sends {uplinks} links to the core, and the core count must divide a building's {building_uplinks:,} spine uplinks, so at most {cores:,} core switches of {links} links hold at most {most:,} super-nodes with --super-nodes-per-building {per_building}</source>
            <translation>--super-nodes {super_nodes} 超出一个核心层所能互联的数量：每个超节点向核心层发出 {uplinks} 条链路，而核心交换机数必须整除一栋建筑的 {building_uplinks:,} 条脊交换机上行链路，因此最多 {cores:,} 台 {links} 链路的核心交换机，在 --super-nodes-per-building {per_building} 时最多容纳 {most:,} 个超节点</translation>
        </message>
        <message>
            <source>--super-nodes {super_nodes} must be a multiple of --super-nodes-per-building {per_building} (every building holds the same number)</source>
            <translation>--super-nodes {super_nodes} 必须是 --super-nodes-per-building {per_building} 的倍数（每栋建筑容纳相同数量的超节点）</translation>
        </message>
        <message>
            <source>--sus {sus} is more than {most}, the most SUs a three-tier fabric of {switch} can join</source>
            <translation>--sus {sus} 超过 {most}，即由 {switch} 组成的三层网络最多能互联的 SU 数</translation>
        </message>
        <message>
            <source>--up {up} is not a multiple of --spines {spines}: in a leaf-spine every leaf reaches every spine, with the same number of links (use more uplinks or fewer spines)</source>
            <translation>--up {up} 不是 --spines {spines} 的倍数：叶脊网络中每台叶交换机以相同数量的链路连到每台脊交换机（请增加上行链路或减少脊交换机）</translation>
        </message>
        <message>
            <source>AI zones (Meta 24K-GPU RoCE cluster)</source>
            <translation>AI 分区（Meta 2.4 万卡 RoCE 集群）</translation>
        </message>
        <message>
            <source>AI zones (pods)</source>
            <translation>AI 分区数（Pod 数）</translation>
        </message>
        <message>
            <source>Al-Fares et al. (SIGCOMM 2008) k-ary fat-tree: {hosts:,} hosts, {switches:,} {k}-port switches, {speed:g} Gb/s links.</source>
            <translation>Al-Fares 等（SIGCOMM 2008）的 k 叉胖树：{hosts:,} 台主机，{switches:,} 台 {k} 端口交换机，{speed:g} Gb/s 链路。</translation>
        </message>
        <message>
            <source>Alibaba HPN 7.0 (SIGCOMM 2024): {pods} pod of {segments} segments × 1,024 GPUs = {gpus:,} GPUs; dual-ToR, dual-plane, 16 ToRs per segment (1.067:1), {aggs} aggregation switches per pod, 15:1 to {cores} core switches; 51.2 Tb/s switches throughout.</source>
            <translation>阿里巴巴 HPN 7.0（SIGCOMM 2024）：{pods} 个 Pod，每个 Pod {segments} 个 Segment × 1,024 张 GPU，共 {gpus:,} 张 GPU；双 ToR、双平面，每个 Segment 16 台 ToR（收敛比 1.067:1），每个 Pod {aggs} 台汇聚交换机，以 15:1 收敛到 {cores} 台核心交换机；全部采用 51.2 Tb/s 交换机。</translation>
        </message>
        <message>
            <source>Alibaba HPN 7.0 (SIGCOMM 2024): {pods} pods of {segments} segments × 1,024 GPUs = {gpus:,} GPUs; dual-ToR, dual-plane, 16 ToRs per segment (1.067:1), {aggs} aggregation switches per pod, 15:1 to {cores} core switches; 51.2 Tb/s switches throughout.</source>
            <translation>阿里巴巴 HPN 7.0（SIGCOMM 2024）：{pods} 个 Pod，每个 Pod {segments} 个 Segment × 1,024 张 GPU，共 {gpus:,} 张 GPU；双 ToR、双平面，每个 Segment 16 台 ToR（收敛比 1.067:1），每个 Pod {aggs} 台汇聚交换机，以 15:1 收敛到 {cores} 台核心交换机；全部采用 51.2 Tb/s 交换机。</translation>
        </message>
        <message>
            <source>Alibaba HPN 7.0 (dual-ToR, dual-plane)</source>
            <translation>阿里巴巴 HPN 7.0（双 ToR、双平面）</translation>
        </message>
        <message>
            <source>ByteDance MegaScale (NSDI 2024): {pods} pod × 2,048 = {gpus:,} GPUs, one 200G NIC per GPU; three layers of 25.6 Tb/s (64 × 400G) switches, 1:1 at every layer, rail-optimized ToRs; {cores} core switches.</source>
            <translation>字节跳动 MegaScale（NSDI 2024）：{pods} 个 Pod × 2,048 = {gpus:,} 张 GPU，每张 GPU 一块 200G 网卡；三层 25.6 Tb/s（64 × 400G）交换机，每层收敛比 1:1，ToR 轨道优化；{cores} 台核心交换机。</translation>
        </message>
        <message>
            <source>ByteDance MegaScale (NSDI 2024): {pods} pods × 2,048 = {gpus:,} GPUs, one 200G NIC per GPU; three layers of 25.6 Tb/s (64 × 400G) switches, 1:1 at every layer, rail-optimized ToRs; {cores} core switches.</source>
            <translation>字节跳动 MegaScale（NSDI 2024）：{pods} 个 Pod × 2,048 = {gpus:,} 张 GPU，每张 GPU 一块 200G 网卡；三层 25.6 Tb/s（64 × 400G）交换机，每层收敛比 1:1，ToR 轨道优化；{cores} 台核心交换机。</translation>
        </message>
        <message>
            <source>ByteDance MegaScale (three-layer 1:1 Clos)</source>
            <translation>字节跳动 MegaScale（三层 1:1 Clos）</translation>
        </message>
        <message>
            <source>CloudMatrix384 super-nodes</source>
            <translation>CloudMatrix384 超节点数</translation>
        </message>
        <message>
            <source>CloudMatrix384 super-nodes (384 Ascend 910C in one UB domain each) joined by a non-blocking three-tier scale-out Clos; up to the announced 432 super-nodes (165,888 NPUs).</source>
            <translation>CloudMatrix384 超节点（每个超节点 384 颗昇腾 910C，同处一个 UB 域），由无阻塞的三层 Scale-out Clos 网络互联；最多可达官方公布的 432 个超节点级联（165,888 颗 NPU）。</translation>
        </message>
        <message>
            <source>Computing islands over buildings (the example campus)</source>
            <translation>跨建筑的计算岛（示例园区）</translation>
        </message>
        <message>
            <source>Dragonfly+ (Shpiner et al. 2017): {groups} groups of {per_group} leaves and {per_group} spines ({k}-port routers), {hosts:,} hosts, {links} global link per spine to every other group, {speed:g} Gb/s links.</source>
            <translation>Dragonfly+（Shpiner 等，2017）：{groups} 个组，每组 {per_group} 台叶路由器和 {per_group} 台脊路由器（{k} 端口），{hosts:,} 台主机，每台脊路由器到其他每组 {links} 条全局链路，{speed:g} Gb/s 链路。</translation>
        </message>
        <message>
            <source>Dragonfly+ (Shpiner et al. 2017): {groups} groups of {per_group} leaves and {per_group} spines ({k}-port routers), {hosts:,} hosts, {links} global links per spine to every other group, {speed:g} Gb/s links.</source>
            <translation>Dragonfly+（Shpiner 等，2017）：{groups} 个组，每组 {per_group} 台叶路由器和 {per_group} 台脊路由器（{k} 端口），{hosts:,} 台主机，每台脊路由器到其他每组 {links} 条全局链路，{speed:g} Gb/s 链路。</translation>
        </message>
        <message>
            <source>Dragonfly+ (groups of leaf-spine, spines joined globally)</source>
            <translation>Dragonfly+（叶脊组，脊层全局互联）</translation>
        </message>
        <message>
            <source>Fat-tree (k-ary, three tiers)</source>
            <translation>胖树（k 叉，三层）</translation>
        </message>
        <message>
            <source>Full-bisection rail-optimized islands of DGX H100 joined by an oversubscribed campus core, islands spread over buildings under a power cap.</source>
            <translation>由 DGX H100 组成的全二分带宽、轨道优化计算岛，经有收敛的园区核心层互联；计算岛在供电上限内分布于各建筑。</translation>
        </message>
        <message>
            <source>GPUs per rack, a multiple of 8</source>
            <translation>每机柜 GPU 数，8 的倍数</translation>
        </message>
        <message>
            <source>Groups (islands) of leaf and spine routers; every pair of groups joined spine to spine by global links. Up to k/2 + 1 groups of k²/4 hosts.</source>
            <translation>由叶、脊路由器组成的组（计算岛）；任意两组之间由全局链路在脊层直连。最多 k/2 + 1 组，每组 k²/4 台主机。</translation>
        </message>
        <message>
            <source>H100 per island, a multiple of 256</source>
            <translation>每个计算岛的 H100 数，256 的倍数</translation>
        </message>
        <message>
            <source>Huawei CloudMatrix384 cascade</source>
            <translation>华为 CloudMatrix384 超节点级联</translation>
        </message>
        <message>
            <source>Huawei CloudMatrix384 super-nodes (Zuo et al. 2025) cascaded over a scale-out plane: {n} × 384 = {npus:,} Ascend 910C in {buildings} building; non-blocking rail-optimized Clos (template's choice): 8 leaves per super-node, {spines} spines per building, {cores} cores.</source>
            <translation>华为 CloudMatrix384 超节点（Zuo 等，2025）经 Scale-out 平面级联：{n} × 384 = {npus:,} 颗昇腾 910C，位于 {buildings} 栋建筑；无阻塞的轨道优化 Clos（本模板的选择）：每个超节点 8 台叶交换机，每栋建筑 {spines} 台脊交换机，{cores} 台核心交换机。</translation>
        </message>
        <message>
            <source>Huawei CloudMatrix384 super-nodes (Zuo et al. 2025) cascaded over a scale-out plane: {n} × 384 = {npus:,} Ascend 910C in {buildings} buildings; non-blocking rail-optimized Clos (template's choice): 8 leaves per super-node, {spines} spines per building, {cores} cores.</source>
            <translation>华为 CloudMatrix384 超节点（Zuo 等，2025）经 Scale-out 平面级联：{n} × 384 = {npus:,} 颗昇腾 910C，分布于 {buildings} 栋建筑；无阻塞的轨道优化 Clos（本模板的选择）：每个超节点 8 台叶交换机，每栋建筑 {spines} 台脊交换机，{cores} 台核心交换机。</translation>
        </message>
        <message>
            <source>IT power capacity of each building, MW</source>
            <translation>每栋建筑的 IT 供电容量，MW</translation>
        </message>
        <message>
            <source>Leaf-spine (two-tier Clos)</source>
            <translation>叶脊（两层 Clos）</translation>
        </message>
        <message>
            <source>Leaves with hosts below and uplinks spread over a spine tier; oversubscription down:up at the leaves.</source>
            <translation>叶交换机下接主机、上行链路分散到脊层；收敛比为叶交换机的下行:上行。</translation>
        </message>
        <message>
            <source>Meta-style AI zones (Llama 3 / RoCE at Meta): {pods} pods of {racks} racks × {gpus_per_rack} H100 = {total:,} GPUs; full bisection in a pod ({c} cluster switches), aggregation oversubscribed {pod_gpus}:{uplinks} (≈ {ratio}:1).</source>
            <translation>Meta 式 AI 分区（Meta 的 Llama 3 / RoCE 集群）：{pods} 个 Pod，每个 Pod {racks} 个机柜 × {gpus_per_rack} 张 H100，共 {total:,} 张 GPU；Pod 内全二分带宽（{c} 台集群交换机），汇聚层收敛比 {pod_gpus}:{uplinks}（≈ {ratio}:1）。</translation>
        </message>
        <message>
            <source>NVIDIA DGX SuperPOD (rail-optimized)</source>
            <translation>NVIDIA DGX SuperPOD（轨道优化）</translation>
        </message>
        <message>
            <source>NVIDIA DGX SuperPOD reference architecture, rail-optimized: {sus} SU of {system} ({gpus:,} GPUs), {leaves} leaves per SU, {tiers} of {switch}.</source>
            <translation>NVIDIA DGX SuperPOD 参考架构，轨道优化：{sus} 个 {system} SU（{gpus:,} 张 GPU），每个 SU {leaves} 台叶交换机，{tiers}，交换机为 {switch}。</translation>
        </message>
        <message>
            <source>Pods of racks with a switch per rack and full-bisection cluster switches, joined by an oversubscribed aggregation tier (Meta: 8 pods × 3,072 H100, 1:7).</source>
            <translation>由机柜组成的 Pod，每机柜一台交换机，集群交换机层全二分带宽；各 Pod 经有收敛的汇聚层互联（Meta：8 个 Pod × 3,072 张 H100，1:7）。</translation>
        </message>
        <message>
            <source>Scalable units of 32 DGX (or 8 NVL72 racks), one island each, rail-optimized leaves; two switch tiers up to 8 SUs, three above.</source>
            <translation>可扩展单元（SU）为 32 台 DGX（或 8 个 NVL72 机柜），每个 SU 一个计算岛，叶层轨道优化；8 个 SU 以内两层交换机，超过则三层。</translation>
        </message>
        <message>
            <source>Segments of 1,024 GPUs under 16 ToRs (dual-ToR, two planes), pods of 15 segments (15,360 GPUs) on 120 aggregation switches, 15:1 to a core tier; 51.2 Tb/s switches.</source>
            <translation>每个 Segment 1,024 张 GPU，接 16 台 ToR（双 ToR、双平面）；每个 Pod 15 个 Segment（15,360 张 GPU），接 120 台汇聚交换机，到核心层收敛比 15:1；采用 51.2 Tb/s 交换机。</translation>
        </message>
        <message>
            <source>Three layers of 25.6 Tb/s switches, 1:1 at every layer, rail-optimized ToRs with split 2 × 200G downlinks; pods of 2,048 GPUs (6 pods: the paper's 12,288).</source>
            <translation>三层 25.6 Tb/s 交换机，每层收敛比 1:1；轨道优化的 ToR，下行端口拆分为 2 × 200G；每个 Pod 2,048 张 GPU（6 个 Pod 即论文中的 12,288 张）。</translation>
        </message>
        <message>
            <source>Two-tier leaf-spine: {leaves} leaves of {down} hosts and {up} uplinks, {spines} spines, {speed:g} Gb/s links, leaf oversubscription {down}:{up}.</source>
            <translation>两层叶脊：{leaves} 台叶交换机，每台下接 {down} 台主机、{up} 条上行链路，{spines} 台脊交换机，{speed:g} Gb/s 链路，叶层收敛比 {down}:{up}。</translation>
        </message>
        <message>
            <source>a pod of {racks:,} racks is more than cluster switches of {links} links can join: with {pods} pods the aggregation tier leaves room for one plane of cluster switches per pod, and even then a cluster switch would need {down:,} links down to the rack switches and {up:,} up to the aggregation tier ({oversubscription:g}:1), {needed:,} in all; at most {most:,} racks per pod fit; use fewer racks per pod, fewer pods or a higher --agg-oversubscription</source>
            <translation>{links} 链路的集群交换机无法互联一个 {racks:,} 机柜的 Pod：{pods} 个 Pod 时汇聚层为每个 Pod 只留出一个集群交换机平面，每台集群交换机需要 {down:,} 条下行链路到机柜交换机、{up:,} 条上行链路到汇聚层（{oversubscription:g}:1），共 {needed:,} 条；每个 Pod 最多容纳 {most:,} 个机柜；请减少每个 Pod 的机柜数、减少 Pod 数或提高 --agg-oversubscription</translation>
        </message>
        <message>
            <source>a pod of {racks:,} racks is more than cluster switches of {links} links can join: with {pods} pods the aggregation tier leaves room for {planes} planes of cluster switches per pod, and even then a cluster switch would need {down:,} links down to the rack switches and {up:,} up to the aggregation tier ({oversubscription:g}:1), {needed:,} in all; at most {most:,} racks per pod fit; use fewer racks per pod, fewer pods or a higher --agg-oversubscription</source>
            <translation>{links} 链路的集群交换机无法互联一个 {racks:,} 机柜的 Pod：{pods} 个 Pod 时汇聚层为每个 Pod 留出 {planes} 个集群交换机平面，即便如此每台集群交换机仍需要 {down:,} 条下行链路到机柜交换机、{up:,} 条上行链路到汇聚层（{oversubscription:g}:1），共 {needed:,} 条；每个 Pod 最多容纳 {most:,} 个机柜；请减少每个 Pod 的机柜数、减少 Pod 数或提高 --agg-oversubscription</translation>
        </message>
        <message>
            <source>a rack switch takes {links} links: --gpus-per-rack {gpus_per_rack} needs {needed} (one down, one up per GPU)</source>
            <translation>一台机柜交换机可接 {links} 条链路：--gpus-per-rack {gpus_per_rack} 需要 {needed} 条（每张 GPU 一条下行、一条上行）</translation>
        </message>
        <message>
            <source>an SU's {links} NIC links do not fill whole leaves of {half}</source>
            <translation>一个 SU 的 {links} 条网卡链路无法填满整数台 {half} 端口的叶交换机</translation>
        </message>
        <message>
            <source>an island of {gpus:,} GPUs does not fit a two-tier Clos of {radix}-port switches at {oversubscription:g}:1; at most {most:,} GPUs per island</source>
            <translation>{gpus:,} 张 GPU 的计算岛无法用 {radix} 端口交换机在 {oversubscription:g}:1 收敛比下组成两层 Clos；每个计算岛最多 {most:,} 张 GPU</translation>
        </message>
        <message>
            <source>buildings the islands are spread over</source>
            <translation>计算岛分布的建筑数</translation>
        </message>
        <message>
            <source>buildings the pods are spread over</source>
            <translation>Pod 分布的建筑数</translation>
        </message>
        <message>
            <source>computing islands</source>
            <translation>计算岛数</translation>
        </message>
        <message>
            <source>groups (0: k/2 + 1, the most with one global link per spine per other group)</source>
            <translation>组数（0 表示 k/2 + 1，即每台脊交换机到其他每组各一条全局链路时的最大组数）</translation>
        </message>
        <message>
            <source>hosts (down-links) per leaf</source>
            <translation>每台叶交换机的主机数（下行链路）</translation>
        </message>
        <message>
            <source>island injection ÷ island uplinks to the core</source>
            <translation>计算岛注入带宽 ÷ 计算岛到核心层的上行带宽</translation>
        </message>
        <message>
            <source>joined by a campus core of {cores} QM9700</source>
            <translation>由 {cores} 台 QM9700 组成的园区核心层互连</translation>
        </message>
        <message>
            <source>joined by a core tier of {each} QM9700 in each building under a campus super-core of {cores:,} QM9700</source>
            <translation>每栋建筑设 {each}的 QM9700 核心层，其上由 {cores:,} 台 QM9700 组成的园区超级核心层互连</translation>
        </message>
        <message>
            <source>k pods of k/2 edge and k/2 aggregation switches, (k/2)² core switches, one host per edge down-port: full bisection for k³/4 hosts with identical k-port switches.</source>
            <translation>k 个 Pod，每个 Pod 含 k/2 台接入交换机和 k/2 台汇聚交换机，(k/2)² 台核心交换机，每个接入下行端口接一台主机：用相同的 k 端口交换机为 k³/4 台主机提供全二分带宽。</translation>
        </message>
        <message>
            <source>leaf switches</source>
            <translation>叶交换机数</translation>
        </message>
        <message>
            <source>link speed, Gb/s</source>
            <translation>链路速率，Gb/s</translation>
        </message>
        <message>
            <source>none (change --islands or --oversubscription)</source>
            <translation>无（请修改 --islands 或 --oversubscription）</translation>
        </message>
        <message>
            <source>one campus core tier cannot hold the {uplinks:,} spine uplinks of {islands} islands</source>
            <translation>一个园区核心层容纳不下 {islands} 个计算岛的 {uplinks:,} 条脊层上行链路</translation>
        </message>
        <message>
            <source>one campus core tier of {switches:,} switches would leave the {planes} spine planes of the islands apart</source>
            <translation>由 {switches:,} 台交换机组成的园区核心层会使计算岛的 {planes} 个脊层平面彼此不通</translation>
        </message>
        <message>
            <source>pod GPUs ÷ pod uplinks to the aggregation tier</source>
            <translation>Pod 内 GPU ÷ Pod 到汇聚层的上行链路</translation>
        </message>
        <message>
            <source>pods (one building each)</source>
            <translation>Pod 数（每个 Pod 一栋建筑）</translation>
        </message>
        <message>
            <source>pods of 2,048 GPUs</source>
            <translation>Pod 数（每个 2,048 张 GPU）</translation>
        </message>
        <message>
            <source>racks per pod</source>
            <translation>每个 Pod 的机柜数</translation>
        </message>
        <message>
            <source>router radix (ports per switch), even</source>
            <translation>路由器端口数（每台交换机端口数），偶数</translation>
        </message>
        <message>
            <source>routers per group, even, half leaves and half spines (0: k)</source>
            <translation>每组路由器数，偶数，叶、脊各半（0 表示 k）</translation>
        </message>
        <message>
            <source>scalable units</source>
            <translation>可扩展单元（SU）数</translation>
        </message>
        <message>
            <source>segments of 1,024 GPUs per pod</source>
            <translation>每个 Pod 的 Segment 数（每个 1,024 张 GPU）</translation>
        </message>
        <message>
            <source>spine switches, dividing the uplinks per leaf</source>
            <translation>脊交换机数，须整除每台叶交换机的上行链路数</translation>
        </message>
        <message>
            <source>super-nodes per building (dividing --super-nodes)</source>
            <translation>每栋建筑的超节点数（须整除 CloudMatrix384 超节点数）</translation>
        </message>
        <message>
            <source>switch radix (ports per switch), even</source>
            <translation>交换机端口数（每台交换机），偶数</translation>
        </message>
        <message>
            <source>system in each SU</source>
            <translation>每个 SU 的系统型号</translation>
        </message>
        <message>
            <source>the built-in catalog lacks medium {part!r}</source>
            <translation>内置器件库中没有介质 {part!r}</translation>
        </message>
        <message>
            <source>the built-in catalog lacks rack type {part!r}</source>
            <translation>内置器件库中没有机柜类型 {part!r}</translation>
        </message>
        <message>
            <source>the built-in catalog lacks switch {part!r}</source>
            <translation>内置器件库中没有交换机 {part!r}</translation>
        </message>
        <message>
            <source>the {template} template has no parameter {flag}; its parameters are {known}</source>
            <translation>{template} 模板没有参数 {flag}；它的参数是 {known}</translation>
        </message>
        <message>
            <source>there is no template {name!r}; templates are {names}</source>
            <translation>没有名为 {name!r} 的模板；可用模板为 {names}</translation>
        </message>
        <message>
            <source>three switch tiers</source>
            <translation>三级交换网络</translation>
        </message>
        <message>
            <source>two switch tiers</source>
            <translation>两级交换网络</translation>
        </message>
        <message>
            <source>uplinks per leaf</source>
            <translation>每台叶交换机的上行链路数</translation>
        </message>
        <message>
            <source>{buildings} building of {mw:g} MW IT</source>
            <translation>{buildings} 栋建筑，IT 容量 {mw:g} MW</translation>
        </message>
        <message>
            <source>{buildings} buildings of {mw:g} MW IT</source>
            <translation>{buildings} 栋建筑，每栋 IT 容量 {mw:g} MW</translation>
        </message>
        <message>
            <source>{flag} must be a finite number, not {value!r}</source>
            <translation>{flag} 必须是有限的数，而不是 {value!r}</translation>
        </message>
        <message>
            <source>{flag} must be a number, not {value!r}</source>
            <translation>{flag} 必须是数字，而不是 {value!r}</translation>
        </message>
        <message>
            <source>{flag} must be a whole number, not {value!r}</source>
            <translation>{flag} 必须是整数，而不是 {value!r}</translation>
        </message>
        <message>
            <source>{flag} must be at least {minimum:g}, not {value:g}</source>
            <translation>{flag} 至少为 {minimum:g}，而不是 {value:g}</translation>
        </message>
        <message>
            <source>{flag} must be at most {maximum:g}, not {value:g}</source>
            <translation>{flag} 至多为 {maximum:g}，而不是 {value:g}</translation>
        </message>
        <message>
            <source>{flag} must be one of {choices}, not {value!r}</source>
            <translation>{flag} 必须是 {choices} 之一，而不是 {value!r}</translation>
        </message>
        <message>
            <source>{flag} must be text, not {value!r}</source>
            <translation>{flag} 必须是文字，而不是 {value!r}</translation>
        </message>
        <message>
            <source>{islands} computing islands of {gpus:,} H100 ({servers:,} DGX H100 in {racks:,} racks), each a rail-optimized two-tier Clos of QM9700 ({leaves} leaves, {spines} spines), {joined}; island uplinks {uplinks:,} × 400G against {injection:,} × 400G injection ({ratio}:1). {where}; 10 % allowance for storage and front-end.</source>
            <translation>{islands} 个计算岛，每岛 {gpus:,} 张 H100（{servers:,} 台 DGX H100，{racks:,} 个机柜），各为 QM9700 组成的轨道优化两层 Clos（{leaves} 台叶交换机、{spines} 台脊交换机），{joined}；每岛上行 {uplinks:,} × 400G，对 {injection:,} × 400G 注入带宽（收敛比 {ratio}:1）。{where}；存储与前端网络预留 10 %。</translation>
        </message>
        <message>
            <source>{n:,} ({d} links down, {d} up)</source>
            <translation>{n:,} 台（各下行 {d} 条、上行 {d} 条链路）</translation>
        </message>
        <message>
            <source>{one} or {other}</source>
            <translation>{one}或{other}</translation>
        </message>
        <message>
            <source>{ports} ports per switch is more than the largest common switch ({largest} ports)</source>
            <translation>每台交换机 {ports} 个端口，超过了最大的常见交换机（{largest} 个端口）</translation>
        </message>
    </context>
    <context>
        <name>terms</name>
        <message>
            <source>accelerator type</source>
            <translation>加速卡类型</translation>
        </message>
        <message>
            <source>aec</source>
            <translation>AEC 有源电缆</translation>
        </message>
        <message>
            <source>aggregation</source>
            <translation>汇聚</translation>
        </message>
        <message>
            <source>another building</source>
            <translation>另一栋建筑</translation>
        </message>
        <message>
            <source>another island of the building</source>
            <translation>同一建筑的另一计算岛</translation>
        </message>
        <message>
            <source>aoc</source>
            <translation>AOC 有源光缆</translation>
        </message>
        <message>
            <source>backend</source>
            <translation>后端</translation>
        </message>
        <message>
            <source>building</source>
            <translation>建筑</translation>
        </message>
        <message>
            <source>cable</source>
            <translation>线缆</translation>
        </message>
        <message>
            <source>cables</source>
            <translation>线缆</translation>
        </message>
        <message>
            <source>campus</source>
            <translation>园区</translation>
        </message>
        <message>
            <source>core</source>
            <translation>核心</translation>
        </message>
        <message>
            <source>dac</source>
            <translation>DAC 铜缆</translation>
        </message>
        <message>
            <source>error</source>
            <translation>错误</translation>
        </message>
        <message>
            <source>frontend</source>
            <translation>前端</translation>
        </message>
        <message>
            <source>island</source>
            <translation>计算岛</translation>
        </message>
        <message>
            <source>leaf</source>
            <translation>叶（Leaf）</translation>
        </message>
        <message>
            <source>length set on the bundle</source>
            <translation>链路束上设定的长度</translation>
        </message>
        <message>
            <source>medium</source>
            <translation>介质</translation>
        </message>
        <message>
            <source>module</source>
            <translation>模块</translation>
        </message>
        <message>
            <source>no</source>
            <translation>否</translation>
        </message>
        <message>
            <source>optical</source>
            <translation>光模块</translation>
        </message>
        <message>
            <source>optics</source>
            <translation>光模块</translation>
        </message>
        <message>
            <source>rack</source>
            <translation>机柜</translation>
        </message>
        <message>
            <source>racks</source>
            <translation>机柜</translation>
        </message>
        <message>
            <source>same island</source>
            <translation>同一计算岛</translation>
        </message>
        <message>
            <source>same rack</source>
            <translation>同一机柜</translation>
        </message>
        <message>
            <source>server</source>
            <translation>服务器</translation>
        </message>
        <message>
            <source>server type</source>
            <translation>服务器类型</translation>
        </message>
        <message>
            <source>servers</source>
            <translation>服务器</translation>
        </message>
        <message>
            <source>spine</source>
            <translation>脊（Spine）</translation>
        </message>
        <message>
            <source>storage</source>
            <translation>存储</translation>
        </message>
        <message>
            <source>super-spine</source>
            <translation>超级脊（Super-spine）</translation>
        </message>
        <message>
            <source>switch</source>
            <translation>交换机</translation>
        </message>
        <message>
            <source>switch model</source>
            <translation>交换机型号</translation>
        </message>
        <message>
            <source>switches</source>
            <translation>交换机</translation>
        </message>
        <message>
            <source>transceiver</source>
            <translation>光模块</translation>
        </message>
        <message>
            <source>warning</source>
            <translation>警告</translation>
        </message>
        <message>
            <source>yes</source>
            <translation>是</translation>
        </message>
    </context>
    <context>
        <name>validation</name>
        <message>
            <source>Dictionary</source>
            <translation>字典</translation>
        </message>
        <message>
            <source>Extra inputs are not permitted</source>
            <translation>不允许有此字段</translation>
        </message>
        <message>
            <source>Field required</source>
            <translation>必须填写</translation>
        </message>
        <message>
            <source>Input should be a finite number</source>
            <translation>应为有限数值</translation>
        </message>
        <message>
            <source>Input should be a multiple of {multiple_of}</source>
            <translation>应为 {multiple_of} 的倍数</translation>
        </message>
        <message>
            <source>Input should be a valid boolean</source>
            <translation>应为是或否</translation>
        </message>
        <message>
            <source>Input should be a valid dictionary</source>
            <translation>应为对象</translation>
        </message>
        <message>
            <source>Input should be a valid integer</source>
            <translation>应为整数</translation>
        </message>
        <message>
            <source>Input should be a valid integer, got a number with a fractional part</source>
            <translation>应为整数，而不是带小数的数</translation>
        </message>
        <message>
            <source>Input should be a valid integer, unable to parse string as an integer</source>
            <translation>应为整数，无法将文字读作整数</translation>
        </message>
        <message>
            <source>Input should be a valid list</source>
            <translation>应为列表</translation>
        </message>
        <message>
            <source>Input should be a valid number</source>
            <translation>应为数值</translation>
        </message>
        <message>
            <source>Input should be a valid number, unable to parse string as a number</source>
            <translation>应为数值，无法将文字读作数值</translation>
        </message>
        <message>
            <source>Input should be a valid string</source>
            <translation>应为文字</translation>
        </message>
        <message>
            <source>Input should be a valid tuple</source>
            <translation>应为列表</translation>
        </message>
        <message>
            <source>Input should be greater than or equal to {ge}</source>
            <translation>应大于或等于 {ge}</translation>
        </message>
        <message>
            <source>Input should be greater than {gt}</source>
            <translation>应大于 {gt}</translation>
        </message>
        <message>
            <source>Input should be less than or equal to {le}</source>
            <translation>应小于或等于 {le}</translation>
        </message>
        <message>
            <source>Input should be less than {lt}</source>
            <translation>应小于 {lt}</translation>
        </message>
        <message>
            <source>Input should be {expected}</source>
            <translation>应为 {expected}</translation>
        </message>
        <message>
            <source>List</source>
            <translation>列表</translation>
        </message>
        <message>
            <source>Set</source>
            <translation>集合</translation>
        </message>
        <message>
            <source>String should have at least {min_length} character</source>
            <translation>至少应有 {min_length} 个字符</translation>
        </message>
        <message>
            <source>String should have at least {min_length} characters</source>
            <translation>至少应有 {min_length} 个字符</translation>
        </message>
        <message>
            <source>String should have at most {max_length} character</source>
            <translation>最多只能有 {max_length} 个字符</translation>
        </message>
        <message>
            <source>String should have at most {max_length} characters</source>
            <translation>最多只能有 {max_length} 个字符</translation>
        </message>
        <message>
            <source>Tuple</source>
            <translation>元组</translation>
        </message>
        <message>
            <source>a list [...]</source>
            <translation>列表 [...]</translation>
        </message>
        <message>
            <source>a new {kind}</source>
            <translation>新的{kind}</translation>
        </message>
        <message>
            <source>a {scope}-scoped tier cannot name an island</source>
            <translation>范围为 {scope} 的交换机层不能指定计算岛</translation>
        </message>
        <message>
            <source>a {scope}-scoped tier must name the building it stands in</source>
            <translation>范围为 {scope} 的交换机层必须指定其所在建筑</translation>
        </message>
        <message>
            <source>a {type}</source>
            <translation>{type} 对象</translation>
        </message>
        <message>
            <source>accelerator type</source>
            <translation>加速卡型号</translation>
        </message>
        <message>
            <source>an island-scoped tier must name its island</source>
            <translation>范围为计算岛的交换机层必须指定其计算岛</translation>
        </message>
        <message>
            <source>an island-scoped tier stands in its island's building: leave 'building' empty</source>
            <translation>范围为计算岛的交换机层位于其计算岛所在的建筑：请将 'building' 留空</translation>
        </message>
        <message>
            <source>an object {{...}}</source>
            <translation>对象 {{...}}</translation>
        </message>
        <message>
            <source>building</source>
            <translation>建筑</translation>
        </message>
        <message>
            <source>expected a number, found {found}</source>
            <translation>应为数值，实际为{found}</translation>
        </message>
        <message>
            <source>expected a whole number, found {found}</source>
            <translation>应为整数，实际为{found}</translation>
        </message>
        <message>
            <source>expected true or false, found {found}</source>
            <translation>应为 true 或 false，实际为{found}</translation>
        </message>
        <message>
            <source>island</source>
            <translation>计算岛</translation>
        </message>
        <message>
            <source>link bundle</source>
            <translation>链路束</translation>
        </message>
        <message>
            <source>medium</source>
            <translation>线缆介质</translation>
        </message>
        <message>
            <source>rack group</source>
            <translation>机柜组</translation>
        </message>
        <message>
            <source>rack type</source>
            <translation>机柜类型</translation>
        </message>
        <message>
            <source>server type</source>
            <translation>服务器型号</translation>
        </message>
        <message>
            <source>switch model</source>
            <translation>交换机型号</translation>
        </message>
        <message>
            <source>switch tier</source>
            <translation>交换机层</translation>
        </message>
        <message>
            <source>the string {text}</source>
            <translation>文字 {text}</translation>
        </message>
        <message>
            <source>typical power exceeds maximum power</source>
            <translation>典型功耗超过了最大功耗</translation>
        </message>
        <message>
            <source>value</source>
            <translation>值</translation>
        </message>
        <message>
            <source>{before}; {after}</source>
            <translation>{before}；{after}</translation>
        </message>
        <message>
            <source>{items} or {last}</source>
            <translation>{items} 或 {last}</translation>
        </message>
        <message>
            <source>{kind} should have at least {min_length} item after validation, not {actual_length}</source>
            <translation>{kind}至少应有 {min_length} 项，而不是 {actual_length} 项</translation>
        </message>
        <message>
            <source>{kind} should have at least {min_length} items after validation, not {actual_length}</source>
            <translation>{kind}至少应有 {min_length} 项，而不是 {actual_length} 项</translation>
        </message>
        <message>
            <source>{kind} should have at most {max_length} item after validation, not {actual_length}</source>
            <translation>{kind}最多只能有 {max_length} 项，而不是 {actual_length} 项</translation>
        </message>
        <message>
            <source>{kind} should have at most {max_length} items after validation, not {actual_length}</source>
            <translation>{kind}最多只能有 {max_length} 项，而不是 {actual_length} 项</translation>
        </message>
        <message>
            <source>{kind} {name!r}</source>
            <translation>{kind} {name!r}</translation>
        </message>
        <message>
            <source>{nics} NICs cannot be shared evenly by {accelerators} accelerators: one must divide the other</source>
            <translation>{nics} 块网卡无法由 {accelerators} 张加速卡平均共用：两者之一必须整除另一个</translation>
        </message>
        <message>
            <source>{what}: {problems}</source>
            <translation>{what}：{problems}</translation>
        </message>
        <message>
            <source>{where}: {reason}</source>
            <translation>{where}：{reason}</translation>
        </message>
    </context>
    <context>
        <name>whatif</name>
        <message>
            <source> ({ratio:.1%} of healthy)</source>
            <translation>（为正常时的 {ratio:.1%}）</translation>
        </message>
        <message>
            <source>Accelerators at low bandwidth</source>
            <translation>低带宽的加速卡</translation>
        </message>
        <message>
            <source>Accelerators cut off</source>
            <translation>被隔断的加速卡</translation>
        </message>
        <message>
            <source>Accelerators dark</source>
            <translation>断电的加速卡</translation>
        </message>
        <message>
            <source>Accelerators working</source>
            <translation>正常工作的加速卡</translation>
        </message>
        <message>
            <source>Bisection</source>
            <translation>二分带宽</translation>
        </message>
        <message>
            <source>Bisection per accelerator</source>
            <translation>每加速卡二分带宽</translation>
        </message>
        <message>
            <source>Bisection, of full</source>
            <translation>二分带宽占满带宽比例</translation>
        </message>
        <message>
            <source>Facility power drawn</source>
            <translation>设施总功耗</translation>
        </message>
        <message>
            <source>IT power drawn</source>
            <translation>IT 功耗</translation>
        </message>
        <message>
            <source>Max hops</source>
            <translation>最大跳数</translation>
        </message>
        <message>
            <source>Mean hops</source>
            <translation>平均跳数</translation>
        </message>
        <message>
            <source>Pairs with no path</source>
            <translation>无路径的加速卡对</translation>
        </message>
        <message>
            <source>Peak dense BF16</source>
            <translation>BF16 稠密峰值算力</translation>
        </message>
        <message>
            <source>Worst building pair</source>
            <translation>最差建筑对</translation>
        </message>
        <message>
            <source>Worst island pair</source>
            <translation>最差计算岛对</translation>
        </message>
        <message>
            <source>all {total:,} links of {name!r}</source>
            <translation>{name!r} 的全部 {total:,} 条链路</translation>
        </message>
        <message>
            <source>all {total:,} racks of {name!r}</source>
            <translation>{name!r} 的全部 {total:,} 个机柜</translation>
        </message>
        <message>
            <source>all {total:,} switches of {name!r}</source>
            <translation>{name!r} 的全部 {total:,} 台交换机</translation>
        </message>
        <message>
            <source>no change</source>
            <translation>无变化</translation>
        </message>
        <message>
            <source>{points:+.1f} points</source>
            <translation>{points:+.1f} 个百分点</translation>
        </message>
    </context>
    <context>
        <name>workbook</name>
        <message>
            <source>Accelerators</source>
            <translation>加速卡</translation>
        </message>
        <message>
            <source>Allowance (kW)</source>
            <translation>预留功耗 (kW)</translation>
        </message>
        <message>
            <source>Bill of materials</source>
            <translation>物料清单</translation>
        </message>
        <message>
            <source>Bisection</source>
            <translation>二分带宽</translation>
        </message>
        <message>
            <source>Bisection, fraction of full</source>
            <translation>二分带宽占全二分比例</translation>
        </message>
        <message>
            <source>Building</source>
            <translation>建筑</translation>
        </message>
        <message>
            <source>Bundle</source>
            <translation>链路束</translation>
        </message>
        <message>
            <source>CAPEX</source>
            <translation>资本支出</translation>
        </message>
        <message>
            <source>CAPEX ({currency})</source>
            <translation>资本支出 ({currency})</translation>
        </message>
        <message>
            <source>CAPEX per PFLOPS</source>
            <translation>每 PFLOPS 资本支出</translation>
        </message>
        <message>
            <source>CAPEX per accelerator</source>
            <translation>每加速卡资本支出</translation>
        </message>
        <message>
            <source>CAPEX per bisection Tb/s</source>
            <translation>每 Tb/s 二分带宽资本支出</translation>
        </message>
        <message>
            <source>Cabling plan</source>
            <translation>布线方案</translation>
        </message>
        <message>
            <source>Campus</source>
            <translation>园区</translation>
        </message>
        <message>
            <source>Capacity (kW)</source>
            <translation>供电容量 (kW)</translation>
        </message>
        <message>
            <source>Category</source>
            <translation>类别</translation>
        </message>
        <message>
            <source>Code</source>
            <translation>代码</translation>
        </message>
        <message>
            <source>Cost breakdown</source>
            <translation>成本明细</translation>
        </message>
        <message>
            <source>Design</source>
            <translation>设计</translation>
        </message>
        <message>
            <source>Electricity ({currency}/kWh)</source>
            <translation>电价 ({currency}/kWh)</translation>
        </message>
        <message>
            <source>Element</source>
            <translation>元素</translation>
        </message>
        <message>
            <source>Energy (MWh/year)</source>
            <translation>年耗电 (MWh/年)</translation>
        </message>
        <message>
            <source>Energy ({currency}/year)</source>
            <translation>电费 ({currency}/年)</translation>
        </message>
        <message>
            <source>Energy cost ({currency}/year)</source>
            <translation>电费 ({currency}/年)</translation>
        </message>
        <message>
            <source>Energy cost per year</source>
            <translation>年电费</translation>
        </message>
        <message>
            <source>Energy per year</source>
            <translation>年耗电</translation>
        </message>
        <message>
            <source>Estimate</source>
            <translation>估算</translation>
        </message>
        <message>
            <source>Exchange rate</source>
            <translation>汇率</translation>
        </message>
        <message>
            <source>Facility power</source>
            <translation>设施总功耗</translation>
        </message>
        <message>
            <source>Facility power (kW)</source>
            <translation>设施总功耗 (kW)</translation>
        </message>
        <message>
            <source>Fibre for {medium}</source>
            <translation>光纤，用于 {medium}</translation>
        </message>
        <message>
            <source>Figure</source>
            <translation>指标</translation>
        </message>
        <message>
            <source>From</source>
            <translation>起点</translation>
        </message>
        <message>
            <source>IT power</source>
            <translation>IT 功耗</translation>
        </message>
        <message>
            <source>IT power (kW)</source>
            <translation>IT 功耗 (kW)</translation>
        </message>
        <message>
            <source>Kind</source>
            <translation>种类</translation>
        </message>
        <message>
            <source>Length (m)</source>
            <translation>长度 (m)</translation>
        </message>
        <message>
            <source>Length class</source>
            <translation>长度类别</translation>
        </message>
        <message>
            <source>Links</source>
            <translation>链路数</translation>
        </message>
        <message>
            <source>Medium</source>
            <translation>介质</translation>
        </message>
        <message>
            <source>Medium name</source>
            <translation>介质名称</translation>
        </message>
        <message>
            <source>Message</source>
            <translation>说明</translation>
        </message>
        <message>
            <source>Name</source>
            <translation>名称</translation>
        </message>
        <message>
            <source>Network CAPEX (switches, optics, cables)</source>
            <translation>网络资本支出（交换机、光模块、线缆）</translation>
        </message>
        <message>
            <source>Network CAPEX per accelerator</source>
            <translation>每加速卡网络资本支出</translation>
        </message>
        <message>
            <source>Network share of CAPEX</source>
            <translation>网络占资本支出比例</translation>
        </message>
        <message>
            <source>No problems.</source>
            <translation>没有问题。</translation>
        </message>
        <message>
            <source>Part</source>
            <translation>器件</translation>
        </message>
        <message>
            <source>Peak dense BF16</source>
            <translation>BF16 稠密峰值算力</translation>
        </message>
        <message>
            <source>Plane</source>
            <translation>平面</translation>
        </message>
        <message>
            <source>Power per building</source>
            <translation>各建筑功耗</translation>
        </message>
        <message>
            <source>Price date</source>
            <translation>价格日期</translation>
        </message>
        <message>
            <source>Price source</source>
            <translation>价格来源</translation>
        </message>
        <message>
            <source>Prices include estimates</source>
            <translation>价格含估算</translation>
        </message>
        <message>
            <source>Problems</source>
            <translation>问题</translation>
        </message>
        <message>
            <source>Quantity</source>
            <translation>数量</translation>
        </message>
        <message>
            <source>Racks</source>
            <translation>机柜</translation>
        </message>
        <message>
            <source>Reach (m)</source>
            <translation>传输距离 (m)</translation>
        </message>
        <message>
            <source>Reaches</source>
            <translation>距离足够</translation>
        </message>
        <message>
            <source>Servers</source>
            <translation>服务器</translation>
        </message>
        <message>
            <source>Servers (kW)</source>
            <translation>服务器 (kW)</translation>
        </message>
        <message>
            <source>Severity</source>
            <translation>严重程度</translation>
        </message>
        <message>
            <source>Speed (Gb/s)</source>
            <translation>速率 (Gb/s)</translation>
        </message>
        <message>
            <source>Summary</source>
            <translation>概要</translation>
        </message>
        <message>
            <source>Switches</source>
            <translation>交换机</translation>
        </message>
        <message>
            <source>Switches (kW)</source>
            <translation>交换机 (kW)</translation>
        </message>
        <message>
            <source>TCO over {years} years</source>
            <translation>{years} 年总拥有成本（TCO）</translation>
        </message>
        <message>
            <source>To</source>
            <translation>终点</translation>
        </message>
        <message>
            <source>Total ({currency})</source>
            <translation>合计 ({currency})</translation>
        </message>
        <message>
            <source>Transceivers</source>
            <translation>光模块数</translation>
        </message>
        <message>
            <source>Transceivers (kW)</source>
            <translation>光模块 (kW)</translation>
        </message>
        <message>
            <source>Unit</source>
            <translation>单位</translation>
        </message>
        <message>
            <source>Unit price ({currency})</source>
            <translation>单价 ({currency})</translation>
        </message>
        <message>
            <source>Utilization (%)</source>
            <translation>利用率 (%)</translation>
        </message>
        <message>
            <source>Value</source>
            <translation>数值</translation>
        </message>
        <message>
            <source>count</source>
            <translation>数量</translation>
        </message>
        <message>
            <source>fraction</source>
            <translation>比例</translation>
        </message>
        <message>
            <source>{category} ({currency})</source>
            <translation>{category} ({currency})</translation>
        </message>
        <message>
            <source>{currency} per USD</source>
            <translation>{currency} / 美元</translation>
        </message>
    </context>
</TS>
