<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>AboutDialog</name>
    <message>
        <source>About Archipelago</source>
        <translation>关于 Archipelago</translation>
    </message>
</context>
<context>
    <name>App</name>
    <message>
        <source>Cannot open the design:
{error}</source>
        <translation>无法打开设计：
{error}</translation>
    </message>
</context>
<context>
    <name>Arrange</name>
    <message>
        <source>Nudge {name}</source>
        <translation>微移 {name}</translation>
    </message>
    <message>
        <source>element</source>
        <translation>元素</translation>
    </message>
    <message>
        <source>Nudge {count} elements</source>
        <translation>微移 {count} 个元素</translation>
    </message>
    <message>
        <source>A&amp;rrange</source>
        <translation>排列(&amp;R)</translation>
    </message>
    <message>
        <source>Nudge Left</source>
        <translation>向左微移</translation>
    </message>
    <message>
        <source>Nudge Left (large step)</source>
        <translation>向左微移（大步）</translation>
    </message>
    <message>
        <source>Nudge Right</source>
        <translation>向右微移</translation>
    </message>
    <message>
        <source>Nudge Right (large step)</source>
        <translation>向右微移（大步）</translation>
    </message>
    <message>
        <source>Nudge Up</source>
        <translation>向上微移</translation>
    </message>
    <message>
        <source>Nudge Up (large step)</source>
        <translation>向上微移（大步）</translation>
    </message>
    <message>
        <source>Nudge Down</source>
        <translation>向下微移</translation>
    </message>
    <message>
        <source>Nudge Down (large step)</source>
        <translation>向下微移（大步）</translation>
    </message>
    <message>
        <source>Align &amp;Left Edges</source>
        <translation>左对齐(&amp;L)</translation>
    </message>
    <message>
        <source>Align &amp;Centres</source>
        <translation>水平居中对齐(&amp;C)</translation>
    </message>
    <message>
        <source>Align &amp;Right Edges</source>
        <translation>右对齐(&amp;R)</translation>
    </message>
    <message>
        <source>Align &amp;Top Edges</source>
        <translation>顶端对齐(&amp;T)</translation>
    </message>
    <message>
        <source>Align &amp;Middles</source>
        <translation>垂直居中对齐(&amp;M)</translation>
    </message>
    <message>
        <source>Align &amp;Bottom Edges</source>
        <translation>底端对齐(&amp;B)</translation>
    </message>
    <message>
        <source>Distribute &amp;Horizontally</source>
        <translation>水平等距分布(&amp;H)</translation>
    </message>
    <message>
        <source>Distribute &amp;Vertically</source>
        <translation>垂直等距分布(&amp;V)</translation>
    </message>
    <message>
        <source>{step} (arrows move, Shift+arrows move further)</source>
        <translation>{step}（方向键移动，Shift+方向键移动更远）</translation>
    </message>
    <message>
        <source>Align and distribute work inside one island or building (or on buildings on the campus); the selection stands in {count} places</source>
        <translation>对齐和分布只能在同一计算岛或建筑内（或园区上的建筑之间）进行；所选元素分布在 {count} 处</translation>
    </message>
    <message>
        <source>Select two or more elements to align</source>
        <translation>请选中两个或更多元素再对齐</translation>
    </message>
    <message>
        <source>Align left edges of {count} elements</source>
        <translation>左对齐 {count} 个元素</translation>
    </message>
    <message>
        <source>Align right edges of {count} elements</source>
        <translation>右对齐 {count} 个元素</translation>
    </message>
    <message>
        <source>Align centres of {count} elements</source>
        <translation>水平居中对齐 {count} 个元素</translation>
    </message>
    <message>
        <source>Align top edges of {count} elements</source>
        <translation>顶端对齐 {count} 个元素</translation>
    </message>
    <message>
        <source>Align bottom edges of {count} elements</source>
        <translation>底端对齐 {count} 个元素</translation>
    </message>
    <message>
        <source>Align middles of {count} elements</source>
        <translation>垂直居中对齐 {count} 个元素</translation>
    </message>
    <message>
        <source>Select three or more elements to distribute</source>
        <translation>请选中三个或更多元素再分布</translation>
    </message>
    <message>
        <source>Distribute {count} elements horizontally</source>
        <translation>水平等距分布 {count} 个元素</translation>
    </message>
    <message>
        <source>Distribute {count} elements vertically</source>
        <translation>垂直等距分布 {count} 个元素</translation>
    </message>
    <message>
        <source>Already in line</source>
        <translation>已经对齐</translation>
    </message>
    <message>
        <source>Arrange Buildings in a &amp;Grid</source>
        <translation>将建筑排成网格(&amp;G)</translation>
    </message>
    <message>
        <source>Lay the buildings out in a grid that fits the window (one undo step)</source>
        <translation>把建筑排成适合窗口的网格（一步撤销）</translation>
    </message>
    <message>
        <source>Arrange Buildings needs two or more buildings</source>
        <translation>排列建筑需要两栋或更多建筑</translation>
    </message>
    <message>
        <source>The buildings already stand in a grid</source>
        <translation>建筑已经排成网格</translation>
    </message>
    <message>
        <source>Arrange {count} buildings in a grid</source>
        <translation>将 {count} 栋建筑排成网格</translation>
    </message>
</context>
<context>
    <name>Autosave</name>
    <message>
        <source>Restore unsaved work?</source>
        <translation>恢复未保存的工作？</translation>
    </message>
    <message>
        <source>Archipelago did not close properly last time. Unsaved changes were kept:

{entry}

Restore them?</source>
        <translation>Archipelago 上次未正常关闭，未保存的修改已保留：

{entry}

是否恢复？</translation>
    </message>
    <message>
        <source>Cannot restore</source>
        <translation>无法恢复</translation>
    </message>
    <message>
        <source>The recovery file cannot be read:
{error}

It was kept as {kept}.</source>
        <translation>无法读取恢复文件：
{error}

该文件已另存为 {kept}。</translation>
    </message>
</context>
<context>
    <name>Autosaver</name>
    <message>
        <source>Autosave failed: {error}</source>
        <translation>自动保存失败：{error}</translation>
    </message>
</context>
<context>
    <name>BuildingItem</name>
    <message>
        <source>IT {it} of {capacity} ({share}) · facility {facility}</source>
        <translation>IT {it} / {capacity}（{share}）· 设施 {facility}</translation>
    </message>
    <message>
        <source>capacity {capacity} · PUE {pue}</source>
        <translation>容量 {capacity} · PUE {pue}</translation>
    </message>
    <message>
        <source>Capacity {mw} MW IT · PUE {pue} · {cooling} cooled</source>
        <translation>IT 容量 {mw} MW · PUE {pue} · {cooling}</translation>
    </message>
    <message>
        <source>IT {it} MW ({share} of capacity), facility {facility} MW</source>
        <translation>IT {it} MW（容量的 {share}），设施 {facility} MW</translation>
    </message>
</context>
<context>
    <name>BundleItem</name>
    <message>
        <source>{links}/member × {speed}</source>
        <translation>每成员 {links} × {speed}</translation>
    </message>
    <message>
        <source>{label}, {pattern} wiring</source>
        <translation>{label}，{pattern}连线</translation>
    </message>
    <message>
        <source>Capacity {capacity} each way</source>
        <translation>单向容量 {capacity}</translation>
    </message>
    <message>
        <source>Crosses the bisection cut: {capacity}</source>
        <translation>穿越二分切面：{capacity}</translation>
    </message>
    <message>
        <source>{count} bundles · {figures}</source>
        <translation>{count} 条链路束 · {figures}</translation>
    </message>
    <message>
        <source> · cut {capacity}</source>
        <translation> · 切面 {capacity}</translation>
    </message>
</context>
<context>
    <name>CanvasView</name>
    <message>
        <source>Drop to add {what}</source>
        <translation>松开以添加{what}</translation>
    </message>
</context>
<context>
    <name>Charts</name>
    <message>
        <source>same server</source>
        <translation>同一服务器</translation>
    </message>
    <message>
        <source>same rack</source>
        <translation>同一机柜</translation>
    </message>
    <message>
        <source>same island</source>
        <translation>同一计算岛</translation>
    </message>
    <message>
        <source>same building</source>
        <translation>同一建筑</translation>
    </message>
    <message>
        <source>different buildings</source>
        <translation>不同建筑</translation>
    </message>
    <message>
        <source>pairs</source>
        <translation>加速卡对数</translation>
    </message>
    <message>
        <source>thousand pairs</source>
        <translation>千对</translation>
    </message>
    <message>
        <source>million pairs</source>
        <translation>百万对</translation>
    </message>
    <message>
        <source>billion pairs</source>
        <translation>十亿对</translation>
    </message>
    <message>
        <source>trillion pairs</source>
        <translation>万亿对</translation>
    </message>
    <message>
        <source>Accelerator pairs by switch hops</source>
        <translation>按交换机跳数统计的加速卡对</translation>
    </message>
    <message>
        <source>No accelerator pairs use the network</source>
        <translation>没有经过网络的加速卡对</translation>
    </message>
    <message>
        <source>switch hops</source>
        <translation>交换机跳数</translation>
    </message>
    <message>
        <source>{hop} switch hops, {scope}: {count} pairs of accelerators ({share} of the {total} pairs at {hop} hops)</source>
        <translation>{hop} 跳，{scope}：{count} 对加速卡（占 {hop} 跳的 {total} 对中的 {share}）</translation>
    </message>
    <message>
        <source>IT power against capacity</source>
        <translation>IT 功耗与容量对比</translation>
    </message>
    <message>
        <source>No buildings</source>
        <translation>没有建筑</translation>
    </message>
    <message>
        <source>{name}: IT power {it} MW of {capacity} MW capacity ({share})</source>
        <translation>{name}：IT 功耗 {it} MW / 容量 {capacity} MW（{share}）</translation>
    </message>
    <message>
        <source>Bandwidth between buildings</source>
        <translation>建筑间带宽</translation>
    </message>
    <message>
        <source>One building: no pairs of buildings</source>
        <translation>只有一栋建筑：没有建筑对</translation>
    </message>
    <message>
        <source>Tb/s each way</source>
        <translation>单向 Tb/s</translation>
    </message>
    <message>
        <source>No bandwidth between buildings</source>
        <translation>建筑之间没有带宽</translation>
    </message>
    <message>
        <source>Between {a} and {b}: {bandwidth} each way</source>
        <translation>{a} 与 {b} 之间：单向 {bandwidth}</translation>
    </message>
    <message>
        <source>Bandwidth between islands</source>
        <translation>计算岛间带宽</translation>
    </message>
    <message>
        <source>Fewer than two islands: no pairs</source>
        <translation>计算岛少于两个：没有计算岛对</translation>
    </message>
    <message>
        <source>{island}: the same island (no cut to measure)</source>
        <translation>{island}：同一计算岛（无切面可测）</translation>
    </message>
    <message>
        <source>CAPEX per building</source>
        <translation>各建筑 CAPEX</translation>
    </message>
</context>
<context>
    <name>ClipboardActions</name>
    <message>
        <source>Cu&amp;t</source>
        <translation>剪切(&amp;T)</translation>
    </message>
    <message>
        <source>Copy the selection to the clipboard and delete it</source>
        <translation>将所选元素复制到剪贴板并删除</translation>
    </message>
    <message>
        <source>&amp;Copy</source>
        <translation>复制(&amp;C)</translation>
    </message>
    <message>
        <source>Copy the selection (with what is inside it) to the clipboard</source>
        <translation>将所选元素（连同其内部元素）复制到剪贴板</translation>
    </message>
    <message>
        <source>&amp;Paste</source>
        <translation>粘贴(&amp;P)</translation>
    </message>
    <message>
        <source>Paste copied elements into the selected island or building</source>
        <translation>将复制的元素粘贴到所选计算岛或建筑中</translation>
    </message>
    <message>
        <source>Select elements to copy (a bundle is copied with both elements it joins)</source>
        <translation>请先选中要复制的元素（链路束会连同其两端元素一起复制）</translation>
    </message>
    <message>
        <source>Copied {count}</source>
        <translation>已复制 {count}</translation>
    </message>
    <message>
        <source>Cut {count}</source>
        <translation>剪切 {count}</translation>
    </message>
    <message>
        <source>The clipboard holds nothing to paste</source>
        <translation>剪贴板中没有可粘贴的内容</translation>
    </message>
    <message>
        <source>The clipboard&apos;s elements cannot be pasted:
{error}</source>
        <translation>剪贴板中的元素无法粘贴：
{error}</translation>
    </message>
    <message>
        <source>Cannot paste</source>
        <translation>无法粘贴</translation>
    </message>
</context>
<context>
    <name>Commands</name>
    <message>
        <source>Add {kind} {name}</source>
        <translation>添加{kind} {name}</translation>
    </message>
    <message>
        <source>Delete {what}</source>
        <translation>删除 {what}</translation>
    </message>
    <message>
        <source>Move {name}</source>
        <translation>移动 {name}</translation>
    </message>
    <message>
        <source>Add parts</source>
        <translation>添加器件</translation>
    </message>
    <message>
        <source>Rename design</source>
        <translation>重命名设计</translation>
    </message>
    <message>
        <source>element</source>
        <translation>元素</translation>
    </message>
    <message>
        <source>the catalog has no rack type {id}</source>
        <translation>器件库中没有机柜类型 {id}</translation>
    </message>
    <message>
        <source>the catalog has no switch model {id}</source>
        <translation>器件库中没有交换机型号 {id}</translation>
    </message>
    <message>
        <source>a switch tier goes into an island or a building</source>
        <translation>交换机层只能放在计算岛或建筑中</translation>
    </message>
    <message>
        <source>a link bundle joins a rack group or switch tier to a switch tier</source>
        <translation>链路束只能把机柜组或交换机层连接到交换机层</translation>
    </message>
    <message>
        <source>two rack groups cannot be linked directly: link each to a tier</source>
        <translation>两个机柜组不能直接相连：请分别连接到交换机层</translation>
    </message>
    <message>
        <source>Link {lower} to {upper}</source>
        <translation>连接 {lower} 到 {upper}</translation>
    </message>
    <message>
        <source>Move {count} elements</source>
        <translation>移动 {count} 个元素</translation>
    </message>
    <message>
        <source>Delete {count} elements</source>
        <translation>删除 {count} 个元素</translation>
    </message>
    <message>
        <source> (copy)</source>
        <translation>（副本）</translation>
    </message>
    <message>
        <source>Duplicate {count} elements</source>
        <translation>复制 {count} 个元素</translation>
    </message>
    <message>
        <source>Duplicate {count} element</source>
        <translation>复制 {count} 个元素</translation>
    </message>
</context>
<context>
    <name>CompareActions</name>
    <message>
        <source>Compare with</source>
        <translation>与其他设计对比</translation>
    </message>
    <message>
        <source>Compare &amp;with…</source>
        <translation>与其他设计对比(&amp;W)…</translation>
    </message>
    <message>
        <source>Compare the figures and elements of this design with another design file</source>
        <translation>将本设计的指标和元素与另一个设计文件对比</translation>
    </message>
    <message>
        <source>Cannot compare</source>
        <translation>无法对比</translation>
    </message>
</context>
<context>
    <name>CompareDock</name>
    <message>
        <source>Figure</source>
        <translation>指标</translation>
    </message>
    <message>
        <source>This design</source>
        <translation>本设计</translation>
    </message>
    <message>
        <source>Other</source>
        <translation>对比设计</translation>
    </message>
    <message>
        <source>Other − this</source>
        <translation>对比 − 本设计</translation>
    </message>
    <message>
        <source>Other ÷ this</source>
        <translation>对比 ÷ 本设计</translation>
    </message>
    <message>
        <source>Compare</source>
        <translation>对比</translation>
    </message>
    <message>
        <source>Choose File › Compare with… to compare another design</source>
        <translation>选择 文件 › 与其他设计对比… 以对比另一个设计</translation>
    </message>
    <message>
        <source>Only differences</source>
        <translation>仅显示差异</translation>
    </message>
    <message>
        <source>Select Changed</source>
        <translation>选中有变化的元素</translation>
    </message>
    <message>
        <source>Select the elements of this design that differ</source>
        <translation>选中本设计中有差异的元素</translation>
    </message>
    <message>
        <source>Element</source>
        <translation>元素</translation>
    </message>
    <message>
        <source>Computing the comparison with {name}…</source>
        <translation>正在计算与 {name} 的对比…</translation>
    </message>
    <message>
        <source>The comparison failed: {error}</source>
        <translation>对比失败：{error}</translation>
    </message>
    <message>
        <source>This design against {name}: {differ} figures differ; {here} elements only here, {there} only there, {changed} changed</source>
        <translation>本设计与 {name} 对比：{differ} 项指标不同；{here} 个元素仅在本设计中，{there} 个仅在对比设计中，{changed} 个有改动</translation>
    </message>
    <message>
        <source>Only in this design</source>
        <translation>仅在本设计中</translation>
    </message>
    <message>
        <source>Only in the other</source>
        <translation>仅在对比设计中</translation>
    </message>
    <message>
        <source>Changed ({count})</source>
        <translation>有改动（{count}）</translation>
    </message>
    <message>
        <source>Selected {count} elements that differ from {name}</source>
        <translation>已选中与 {name} 不同的 {count} 个元素</translation>
    </message>
</context>
<context>
    <name>ContextMenus</name>
    <message>
        <source>&amp;Paste Here</source>
        <translation>粘贴到此处(&amp;P)</translation>
    </message>
    <message>
        <source>Add &amp;Building Here</source>
        <translation>在此处添加建筑(&amp;B)</translation>
    </message>
    <message>
        <source>&amp;Edit Properties…</source>
        <translation>编辑属性(&amp;E)…</translation>
    </message>
    <message>
        <source>&amp;Paste into {name}</source>
        <translation>粘贴到 {name}(&amp;P)</translation>
    </message>
    <message>
        <source>&amp;Align</source>
        <translation>对齐(&amp;A)</translation>
    </message>
    <message>
        <source>&amp;Zoom To</source>
        <translation>缩放到(&amp;Z)</translation>
    </message>
    <message>
        <source>Centre in &amp;View</source>
        <translation>在视图中居中(&amp;V)</translation>
    </message>
    <message>
        <source>Add &amp;Island Here</source>
        <translation>在此处添加计算岛(&amp;I)</translation>
    </message>
    <message>
        <source>Add Building &amp;Tier (core)</source>
        <translation>添加建筑级交换机层（核心）(&amp;T)</translation>
    </message>
    <message>
        <source>Add &amp;Rack Group</source>
        <translation>添加机柜组(&amp;R)</translation>
    </message>
    <message>
        <source>Add Switch &amp;Tier</source>
        <translation>添加交换机层(&amp;T)</translation>
    </message>
    <message>
        <source>Select &amp;Ends</source>
        <translation>选中两端(&amp;E)</translation>
    </message>
</context>
<context>
    <name>CostChart</name>
    <message>
        <source> · {money}/acc.</source>
        <translation> · 每卡 {money}</translation>
    </message>
    <message>
        <source>CAPEX {money}</source>
        <translation>CAPEX {money}</translation>
    </message>
    <message>
        <source>network {money} ({share})</source>
        <translation>网络 {money}（{share}）</translation>
    </message>
    <message>
        <source>energy {money}/year · TCO {years} y {tco}</source>
        <translation>电费 {money}/年 · {years} 年 TCO {tco}</translation>
    </message>
    <message>
        <source>servers</source>
        <translation>服务器</translation>
    </message>
    <message>
        <source>switches</source>
        <translation>交换机</translation>
    </message>
    <message>
        <source>optics</source>
        <translation>光模块</translation>
    </message>
    <message>
        <source>cables</source>
        <translation>线缆</translation>
    </message>
    <message>
        <source>racks</source>
        <translation>机柜</translation>
    </message>
    <message>
        <source>No buildings to price</source>
        <translation>没有可计价的建筑</translation>
    </message>
    <message>
        <source>Prices include estimates (see the catalog).</source>
        <translation>价格含估算值（见器件库）。</translation>
    </message>
    <message>
        <source>M {currency}</source>
        <translation>百万 {currency}</translation>
    </message>
    <message>
        <source>{building}: {category} {amount} M {currency}</source>
        <translation>{building}：{category} {amount} 百万 {currency}</translation>
    </message>
</context>
<context>
    <name>DesignDocument</name>
    <message>
        <source>{name} (not saved)</source>
        <translation>{name}（未保存）</translation>
    </message>
</context>
<context>
    <name>Edits</name>
    <message>
        <source>the element {id} no longer exists</source>
        <translation>元素 {id} 已不存在</translation>
    </message>
    <message>
        <source>no element is selected</source>
        <translation>未选中任何元素</translation>
    </message>
    <message>
        <source>every selected element has this {field} already</source>
        <translation>所选元素的{field}已经是该值</translation>
    </message>
    <message>
        <source>Change what {whom} serves</source>
        <translation>修改 {whom} 的服务范围</translation>
    </message>
    <message>
        <source>Change what {whom} serve</source>
        <translation>修改 {whom} 的服务范围</translation>
    </message>
    <message>
        <source>Change reliability settings</source>
        <translation>修改可靠性设置</translation>
    </message>
</context>
<context>
    <name>EmptyCanvasHint</name>
    <message>
        <source>&lt;p style=&apos;font-size:15pt&apos;&gt;&lt;b&gt;This campus is empty&lt;/b&gt;&lt;/p&gt;&lt;p&gt;Drag a &lt;b&gt;Building&lt;/b&gt; from the palette on the left onto the canvas,&lt;br&gt;then a &lt;b&gt;Computing island&lt;/b&gt; into it, rack groups and switch tiers into the island,&lt;br&gt;and drag from a group&apos;s top handle to a tier to link them.&lt;/p&gt;&lt;p&gt;Or start from a ready-made cluster: &lt;b&gt;File › New from Template…&lt;/b&gt;&lt;/p&gt;&lt;p style=&apos;color:gray&apos;&gt;Right-click the canvas for more; Help › User Guide (F1) explains everything.&lt;/p&gt;</source>
        <translation>&lt;p style=&apos;font-size:15pt&apos;&gt;&lt;b&gt;园区还是空的&lt;/b&gt;&lt;/p&gt;&lt;p&gt;从左侧器件面板把&lt;b&gt;建筑&lt;/b&gt;拖到画布上，&lt;br&gt;再把&lt;b&gt;计算岛&lt;/b&gt;拖进建筑，把机柜组和交换机层拖进计算岛，&lt;br&gt;然后从机柜组顶部的连接点拖到交换机层即可连线。&lt;/p&gt;&lt;p&gt;也可以从现成的集群开始：&lt;b&gt;文件 › 从模板新建…&lt;/b&gt;&lt;/p&gt;&lt;p style=&apos;color:gray&apos;&gt;右击画布可查看更多操作；帮助 › 用户指南 (F1) 有完整说明。&lt;/p&gt;</translation>
    </message>
</context>
<context>
    <name>Errors</name>
    <message>
        <source>{where} failed</source>
        <translation>{where}失败</translation>
    </message>
    <message>
        <source>Something went wrong. {error}</source>
        <translation>出现了错误。{error}</translation>
    </message>
    <message>
        <source>An action</source>
        <translation>操作</translation>
    </message>
    <message>
        <source>a background thread</source>
        <translation>后台线程</translation>
    </message>
    <message>
        <source>Background work ({name})</source>
        <translation>后台任务（{name}）</translation>
    </message>
</context>
<context>
    <name>ExploreActions</name>
    <message>
        <source>&amp;Explore…</source>
        <translation>探索参数扫描(&amp;E)…</translation>
    </message>
    <message>
        <source>Open a sweep&apos;s results as a Pareto chart; click a point to open its design</source>
        <translation>以帕累托图打开参数扫描结果；点击某一点即可打开其设计</translation>
    </message>
</context>
<context>
    <name>ExploreDialog</name>
    <message>
        <source>Explore a sweep</source>
        <translation>探索参数扫描</translation>
    </message>
    <message>
        <source>No sweep table open</source>
        <translation>尚未打开扫描结果表</translation>
    </message>
    <message>
        <source>Open Table…</source>
        <translation>打开结果表…</translation>
    </message>
    <message>
        <source>higher is better</source>
        <translation>越高越好</translation>
    </message>
    <message>
        <source>lower is better</source>
        <translation>越低越好</translation>
    </message>
    <message>
        <source>A sweep table is made on the command line, for example:&lt;br&gt;&lt;code&gt;python main.py sweep --template islands --param islands=4,8 --param oversubscription=4,8 --out my-sweep&lt;/code&gt;&lt;br&gt;writes &lt;code&gt;my-sweep.csv&lt;/code&gt;: open it with Open Table…, then click a point to open its design. See “Sweep a design space” in docs/sweeps.md.</source>
        <translation>扫描结果表在命令行中生成，例如：&lt;br&gt;&lt;code&gt;python main.py sweep --template islands --param islands=4,8 --param oversubscription=4,8 --out my-sweep&lt;/code&gt;&lt;br&gt;会写出 &lt;code&gt;my-sweep.csv&lt;/code&gt;：用“打开结果表…”打开它，再点击某一点即可打开其设计。详见中文用户指南（帮助 › 用户指南）第 6 节“参数扫描”。</translation>
    </message>
    <message>
        <source>Click a point to see its parameters</source>
        <translation>点击某一点查看其参数</translation>
    </message>
    <message>
        <source>Open Design</source>
        <translation>打开设计</translation>
    </message>
    <message>
        <source>Open sweep table</source>
        <translation>打开扫描结果表</translation>
    </message>
    <message>
        <source>Sweep tables (*.csv);;All files (*)</source>
        <translation>扫描结果表 (*.csv);;所有文件 (*)</translation>
    </message>
    <message>
        <source>Cannot open {file}: {error}</source>
        <translation>无法打开 {file}：{error}</translation>
    </message>
    <message>
        <source>{file}: {count} points</source>
        <translation>{file}：{count} 个点</translation>
    </message>
    <message>
        <source>Point {point}: {values}</source>
        <translation>点 {point}：{values}</translation>
    </message>
    <message>
        <source>This point&apos;s design cannot be made: {error}</source>
        <translation>无法生成该点的设计：{error}</translation>
    </message>
    <message>
        <source>Opened sweep point {point}</source>
        <translation>已打开扫描点 {point}</translation>
    </message>
</context>
<context>
    <name>Export</name>
    <message>
        <source>there is nothing to draw</source>
        <translation>没有可绘制的内容</translation>
    </message>
    <message>
        <source>a {width} × {height} picture is too large; choose a smaller width or dpi</source>
        <translation>{width} × {height} 的图片太大；请选择更小的宽度或 dpi</translation>
    </message>
    <message>
        <source>not enough memory for a {width} × {height} picture</source>
        <translation>内存不足，无法生成 {width} × {height} 的图片</translation>
    </message>
    <message>
        <source>the SVG file could not be opened for writing</source>
        <translation>无法打开 SVG 文件进行写入</translation>
    </message>
    <message>
        <source>the SVG could not be written (is the disk full?)</source>
        <translation>无法写入 SVG（磁盘是否已满？）</translation>
    </message>
</context>
<context>
    <name>Field</name>
    <message>
        <source>mixed values</source>
        <translation>多个值</translation>
    </message>
</context>
<context>
    <name>FileActions</name>
    <message>
        <source>Archipelago designs (*.json);;All files (*)</source>
        <translation>Archipelago 设计文件 (*.json);;所有文件 (*)</translation>
    </message>
    <message>
        <source>Canvas as PNG…</source>
        <translation>画布为 PNG 图片…</translation>
    </message>
    <message>
        <source>PNG pictures (*.png)</source>
        <translation>PNG 图片 (*.png)</translation>
    </message>
    <message>
        <source>Canvas as SVG…</source>
        <translation>画布为 SVG 矢量图…</translation>
    </message>
    <message>
        <source>SVG drawings (*.svg)</source>
        <translation>SVG 矢量图 (*.svg)</translation>
    </message>
    <message>
        <source>PDF Report…</source>
        <translation>PDF 报告…</translation>
    </message>
    <message>
        <source>PDF documents (*.pdf)</source>
        <translation>PDF 文档 (*.pdf)</translation>
    </message>
    <message>
        <source>Metrics as JSON…</source>
        <translation>指标为 JSON…</translation>
    </message>
    <message>
        <source>JSON files (*.json)</source>
        <translation>JSON 文件 (*.json)</translation>
    </message>
    <message>
        <source>Metrics as CSV…</source>
        <translation>指标为 CSV…</translation>
    </message>
    <message>
        <source>CSV files (*.csv)</source>
        <translation>CSV 文件 (*.csv)</translation>
    </message>
    <message>
        <source>Bill of Materials (CSV)…</source>
        <translation>物料清单 (CSV)…</translation>
    </message>
    <message>
        <source>Network as GraphML…</source>
        <translation>网络拓扑为 GraphML…</translation>
    </message>
    <message>
        <source>GraphML files (*.graphml)</source>
        <translation>GraphML 文件 (*.graphml)</translation>
    </message>
    <message>
        <source>Workbook for Purchasing (Excel)…</source>
        <translation>采购工作簿 (Excel)…</translation>
    </message>
    <message>
        <source>Excel workbooks (*.xlsx)</source>
        <translation>Excel 工作簿 (*.xlsx)</translation>
    </message>
    <message>
        <source>Open &amp;Recent</source>
        <translation>最近打开(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Export</source>
        <translation>导出(&amp;E)</translation>
    </message>
    <message>
        <source>&amp;New</source>
        <translation>新建(&amp;N)</translation>
    </message>
    <message>
        <source>New from &amp;Template…</source>
        <translation>从模板新建(&amp;T)…</translation>
    </message>
    <message>
        <source>&amp;Open…</source>
        <translation>打开(&amp;O)…</translation>
    </message>
    <message>
        <source>&amp;Save</source>
        <translation>保存(&amp;S)</translation>
    </message>
    <message>
        <source>Save &amp;As…</source>
        <translation>另存为(&amp;A)…</translation>
    </message>
    <message>
        <source>Re&amp;vert to Saved</source>
        <translation>恢复到已保存版本(&amp;V)</translation>
    </message>
    <message>
        <source>Open Design</source>
        <translation>打开设计</translation>
    </message>
    <message>
        <source>Save the changes to {name} before closing?</source>
        <translation>关闭前是否保存对 {name} 的修改？</translation>
    </message>
    <message>
        <source>Unsaved changes</source>
        <translation>未保存的修改</translation>
    </message>
    <message>
        <source>{name} has unsaved changes. Save them first?</source>
        <translation>{name} 有未保存的修改。是否先保存？</translation>
    </message>
    <message>
        <source>Revert to saved</source>
        <translation>恢复到已保存版本</translation>
    </message>
    <message>
        <source>Discard every change since {name} was saved?</source>
        <translation>放弃 {name} 上次保存以来的所有修改吗？</translation>
    </message>
    <message>
        <source>New design</source>
        <translation>新设计</translation>
    </message>
    <message>
        <source>New design from template: {name}</source>
        <translation>已从模板新建设计：{name}</translation>
    </message>
    <message>
        <source>Cannot open design</source>
        <translation>无法打开设计</translation>
    </message>
    <message>
        <source>Opened {file}</source>
        <translation>已打开 {file}</translation>
    </message>
    <message>
        <source>Save Design As</source>
        <translation>设计另存为</translation>
    </message>
    <message>
        <source>Cannot save design</source>
        <translation>无法保存设计</translation>
    </message>
    <message>
        <source>Saved {file}</source>
        <translation>已保存 {file}</translation>
    </message>
    <message>
        <source>{path} no longer exists.</source>
        <translation>{path} 已不存在。</translation>
    </message>
    <message>
        <source>Open Recent</source>
        <translation>最近打开</translation>
    </message>
    <message>
        <source>Clear Recent Files</source>
        <translation>清除最近文件列表</translation>
    </message>
    <message>
        <source>Export in progress</source>
        <translation>正在导出</translation>
    </message>
    <message>
        <source>{file} is still being written. Export again when it is done.</source>
        <translation>{file} 仍在写入，请在写完后再导出。</translation>
    </message>
    <message>
        <source>Export {what}</source>
        <translation>导出{what}</translation>
    </message>
    <message>
        <source>Export cancelled</source>
        <translation>已取消导出</translation>
    </message>
    <message>
        <source>Export failed</source>
        <translation>导出失败</translation>
    </message>
    <message>
        <source>Exported {file}</source>
        <translation>已导出 {file}</translation>
    </message>
    <message>
        <source>Export {file}</source>
        <translation>导出 {file}</translation>
    </message>
    <message>
        <source>Export of {file} failed</source>
        <translation>{file} 导出失败</translation>
    </message>
    <message>
        <source>Computing the figures for the export…</source>
        <translation>正在为导出计算指标…</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>Export</source>
        <translation>导出</translation>
    </message>
    <message>
        <source>the figures are not computed</source>
        <translation>指标尚未计算</translation>
    </message>
    <message>
        <source>Open</source>
        <translation>打开</translation>
    </message>
    <message>
        <source>Restored unsaved work on {name}</source>
        <translation>已恢复 {name} 上未保存的工作</translation>
    </message>
    <message>
        <source>Exporting {file}…</source>
        <translation>正在导出 {file}…</translation>
    </message>
</context>
<context>
    <name>FindBar</name>
    <message>
        <source>Find an element by name or id</source>
        <translation>按名称或 ID 查找元素</translation>
    </message>
    <message>
        <source>Close (Esc)</source>
        <translation>关闭 (Esc)</translation>
    </message>
    <message>
        <source>, first {count} listed</source>
        <translation>，列出前 {count} 个</translation>
    </message>
    <message>
        <source>{n} match</source>
        <translation>{n} 个匹配</translation>
    </message>
    <message>
        <source>{n} matches</source>
        <translation>{n} 个匹配</translation>
    </message>
    <message>
        <source> · Enter selects and zooms</source>
        <translation> · 按 Enter 选中并缩放</translation>
    </message>
</context>
<context>
    <name>Fragment</name>
    <message>
        <source>the clipboard is empty</source>
        <translation>剪贴板为空</translation>
    </message>
    <message>
        <source>the clipboard holds text, not copied Archipelago elements</source>
        <translation>剪贴板中是文本，而不是复制的 Archipelago 元素</translation>
    </message>
    <message>
        <source>the clipboard holds {size} MB of text; a paste takes at most {most} MB</source>
        <translation>剪贴板中有 {size} MB 文本；一次粘贴最多 {most} MB</translation>
    </message>
    <message>
        <source>the fragment&apos;s &apos;copied&apos; names {id}, which it does not hold</source>
        <translation>片段的 &apos;copied&apos; 列出了 {id}，但片段中没有该元素</translation>
    </message>
    <message>
        <source>the fragment holds no element to paste</source>
        <translation>片段中没有可粘贴的元素</translation>
    </message>
    <message>
        <source>the clipboard holds JSON, but not copied Archipelago elements (no &quot;format&quot;: &quot;{format}&quot;)</source>
        <translation>剪贴板中是 JSON，但不是复制的 Archipelago 元素（缺少 &quot;format&quot;: &quot;{format}&quot;）</translation>
    </message>
    <message>
        <source>unknown field {field} in the fragment</source>
        <translation>片段中有未知字段 {field}</translation>
    </message>
    <message>
        <source>fragment_version {version} is not one this Archipelago reads (it reads {known})</source>
        <translation>fragment_version {version} 不是本版本 Archipelago 能读取的片段版本（它读取版本 {known}）</translation>
    </message>
    <message>
        <source>copied: should be a list of element ids</source>
        <translation>copied：应为元素 ID 的列表</translation>
    </message>
    <message>
        <source>design: should be an object {…} holding the copied elements</source>
        <translation>design：应为包含所复制元素的对象 {…}</translation>
    </message>
    <message>
        <source>the fragment holds {count} elements; a paste adds at most {most}</source>
        <translation>片段中有 {count} 个元素；一次粘贴最多添加 {most} 个</translation>
    </message>
    <message>
        <source> (copy {n})</source>
        <translation>（副本 {n}）</translation>
    </message>
    <message>
        <source>Paste {kind} {name}</source>
        <translation>粘贴{kind} {name}</translation>
    </message>
    <message>
        <source>Paste {count} elements</source>
        <translation>粘贴 {count} 个元素</translation>
    </message>
    <message>
        <source>Select an island (or right-click one) to paste the {kind} {name} into</source>
        <translation>请选中（或右击）一个计算岛，以便将{kind} {name} 粘贴进去</translation>
    </message>
    <message>
        <source>Select a building (or right-click one) to paste the {kind} {name} into</source>
        <translation>请选中（或右击）一栋建筑，以便将{kind} {name} 粘贴进去</translation>
    </message>
    <message>
        <source>cannot paste {name}: {reason}</source>
        <translation>无法粘贴 {name}：{reason}</translation>
    </message>
</context>
<context>
    <name>GuideWindow</name>
    <message>
        <source>Archipelago User Guide</source>
        <translation>Archipelago 用户指南</translation>
    </message>
    <message>
        <source>Back</source>
        <translation>后退</translation>
    </message>
    <message>
        <source>User Guide</source>
        <translation>用户指南</translation>
    </message>
    <message>
        <source>&lt;h2&gt;The documentation is not installed&lt;/h2&gt;&lt;p&gt;Expected &lt;code&gt;{path}&lt;/code&gt;. The guide is also at the project&apos;s repository, in &lt;code&gt;docs/&lt;/code&gt;.&lt;/p&gt;</source>
        <translation>&lt;h2&gt;未安装文档&lt;/h2&gt;&lt;p&gt;应位于 &lt;code&gt;{path}&lt;/code&gt;。也可在项目仓库的 &lt;code&gt;docs/&lt;/code&gt; 中查看指南。&lt;/p&gt;</translation>
    </message>
</context>
<context>
    <name>HelpActions</name>
    <message>
        <source>&lt;p&gt;Draw AI training clusters while bisection bandwidth, hop counts and power are computed live.&lt;/p&gt;</source>
        <translation>&lt;p&gt;绘制 AI 训练集群，同时实时计算二分带宽、跳数和功耗。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;p&gt;&lt;b&gt;Recovery files&lt;/b&gt; (unsaved work, every 30 s):&lt;br&gt;&lt;code&gt;{path}&lt;/code&gt;&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;b&gt;恢复文件&lt;/b&gt;（未保存的工作，每 30 秒保存一次）：&lt;br&gt;&lt;code&gt;{path}&lt;/code&gt;&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;p&gt;&lt;b&gt;Settings&lt;/b&gt; (window layout, theme, recent files):&lt;br&gt;&lt;code&gt;{path}&lt;/code&gt;&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;b&gt;设置&lt;/b&gt;（窗口布局、主题、最近文件）：&lt;br&gt;&lt;code&gt;{path}&lt;/code&gt;&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;p&gt;&lt;b&gt;Documentation&lt;/b&gt;:&lt;br&gt;&lt;code&gt;{path}&lt;/code&gt;&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;b&gt;文档&lt;/b&gt;：&lt;br&gt;&lt;code&gt;{path}&lt;/code&gt;&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&amp;User Guide</source>
        <translation>用户指南(&amp;U)</translation>
    </message>
    <message>
        <source>Open the user guide</source>
        <translation>打开用户指南</translation>
    </message>
    <message>
        <source>&amp;Keyboard Shortcuts</source>
        <translation>键盘快捷键(&amp;K)</translation>
    </message>
    <message>
        <source>Every keyboard shortcut of the window</source>
        <translation>窗口的全部键盘快捷键</translation>
    </message>
    <message>
        <source>&amp;About Archipelago</source>
        <translation>关于 Archipelago(&amp;A)</translation>
    </message>
</context>
<context>
    <name>HistoryAction</name>
    <message>
        <source>{action} {command}</source>
        <translation>{action}：{command}</translation>
    </message>
</context>
<context>
    <name>Inspector</name>
    <message>
        <source>&lt;b&gt;Design&lt;/b&gt;&lt;br&gt;Campus-wide settings</source>
        <translation>&lt;b&gt;设计&lt;/b&gt;&lt;br&gt;园区级设置</translation>
    </message>
    <message>
        <source>&lt;b&gt;{name}&lt;/b&gt;&lt;br&gt;&lt;span&gt;{kind} · id {id}&lt;/span&gt;</source>
        <translation>&lt;b&gt;{name}&lt;/b&gt;&lt;br&gt;&lt;span&gt;{kind} · ID {id}&lt;/span&gt;</translation>
    </message>
    <message>
        <source>&lt;b&gt;{count} selected&lt;/b&gt;&lt;br&gt;</source>
        <translation>&lt;b&gt;已选中 {count}&lt;/b&gt;&lt;br&gt;</translation>
    </message>
    <message>
        <source>An edit here changes all {n} (one undo step).</source>
        <translation>在此修改会同时改动全部 {n} 个（一步撤销）。</translation>
    </message>
    <message>
        <source>They share no property: select elements of one kind to edit them together.</source>
        <translation>它们没有共同属性：请选中同一类元素再一起编辑。</translation>
    </message>
    <message>
        <source>Joins</source>
        <translation>连接</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>名称</translation>
    </message>
    <message>
        <source>IT capacity</source>
        <translation>IT 容量</translation>
    </message>
    <message>
        <source>PUE</source>
        <translation>PUE</translation>
    </message>
    <message>
        <source>Electricity price</source>
        <translation>电价</translation>
    </message>
    <message>
        <source>Cooling</source>
        <translation>冷却方式</translation>
    </message>
    <message>
        <source>Notes</source>
        <translation>备注</translation>
    </message>
    <message>
        <source>Building</source>
        <translation>所在建筑</translation>
    </message>
    <message>
        <source>Racks</source>
        <translation>机柜数</translation>
    </message>
    <message>
        <source>Rack type</source>
        <translation>机柜类型</translation>
    </message>
    <message>
        <source>Island</source>
        <translation>所在计算岛</translation>
    </message>
    <message>
        <source>Island: {name}</source>
        <translation>计算岛：{name}</translation>
    </message>
    <message>
        <source>Building: {name}</source>
        <translation>建筑：{name}</translation>
    </message>
    <message>
        <source>Campus (stands in {name})</source>
        <translation>园区（位于 {name}）</translation>
    </message>
    <message>
        <source>Switches</source>
        <translation>交换机数</translation>
    </message>
    <message>
        <source>Switch model</source>
        <translation>交换机型号</translation>
    </message>
    <message>
        <source>Role</source>
        <translation>角色</translation>
    </message>
    <message>
        <source>Serves</source>
        <translation>服务范围</translation>
    </message>
    <message>
        <source>Plane</source>
        <translation>网络平面</translation>
    </message>
    <message>
        <source>Links per member</source>
        <translation>每成员链路数</translation>
    </message>
    <message>
        <source>Link speed</source>
        <translation>链路速率</translation>
    </message>
    <message>
        <source>Wiring</source>
        <translation>连线方式</translation>
    </message>
    <message>
        <source>Medium</source>
        <translation>线缆介质</translation>
    </message>
    <message>
        <source>(none)</source>
        <translation>（无）</translation>
    </message>
    <message>
        <source>Link length</source>
        <translation>链路长度</translation>
    </message>
    <message>
        <source>estimated</source>
        <translation>估算</translation>
    </message>
    <message>
        <source>Description</source>
        <translation>说明</translation>
    </message>
    <message>
        <source>Oversubscription limit</source>
        <translation>收敛比上限</translation>
    </message>
    <message>
        <source>Storage/front-end allowance</source>
        <translation>存储/前端网络预留</translation>
    </message>
    <message>
        <source>% of IT</source>
        <translation>%（占 IT）</translation>
    </message>
    <message>
        <source>Metrics plane</source>
        <translation>指标计算平面</translation>
    </message>
    <message>
        <source>Checkpoint write</source>
        <translation>检查点写入</translation>
    </message>
    <message>
        <source>Restart after failure</source>
        <translation>故障后重启</translation>
    </message>
    <message>
        <source>Years in the TCO</source>
        <translation>TCO 年限</translation>
    </message>
    <message>
        <source>Currency shown</source>
        <translation>显示货币</translation>
    </message>
    <message>
        <source>Exchange rate</source>
        <translation>汇率</translation>
    </message>
    <message>
        <source>per US$</source>
        <translation>每美元</translation>
    </message>
    <message>
        <source>Distance between buildings</source>
        <translation>建筑间距离</translation>
    </message>
</context>
<context>
    <name>IslandItem</name>
    <message>
        <source>{racks} in {groups}</source>
        <translation>{racks}，分 {groups}</translation>
    </message>
    <message>
        <source>cut: {side}</source>
        <translation>切面：{side}</translation>
    </message>
    <message>
        <source>{pflops} PFLOPS peak dense BF16</source>
        <translation>BF16 稠密峰值算力 {pflops} PFLOPS</translation>
    </message>
</context>
<context>
    <name>JobsDock</name>
    <message>
        <source>TP, CP, PP, DP (DP outermost)</source>
        <translation>TP、CP、PP、DP（DP 在最外层）</translation>
    </message>
    <message>
        <source>TP, CP, DP, PP (PP outermost)</source>
        <translation>TP、CP、DP、PP（PP 在最外层）</translation>
    </message>
    <message>
        <source>TP, PP, CP, DP (DP outermost)</source>
        <translation>TP、PP、CP、DP（DP 在最外层）</translation>
    </message>
    <message>
        <source>TP, DP, CP, PP (PP outermost)</source>
        <translation>TP、DP、CP、PP（PP 在最外层）</translation>
    </message>
    <message>
        <source>compute</source>
        <translation>计算</translation>
    </message>
    <message>
        <source>bubble</source>
        <translation>流水线气泡</translation>
    </message>
    <message>
        <source>Add job</source>
        <translation>添加作业</translation>
    </message>
    <message>
        <source>Remove</source>
        <translation>删除</translation>
    </message>
    <message>
        <source>Custom model</source>
        <translation>自定义模型</translation>
    </message>
    <message>
        <source>Sequences per microbatch; DP × micro batch divides the global batch</source>
        <translation>每个微批次的序列数；DP × 微批大小须整除全局批大小</translation>
    </message>
    <message>
        <source>How ranks are laid on consecutive accelerators, fastest-varying first</source>
        <translation>各并行进程（rank）在相邻加速卡上的排布顺序，变化最快的维度在前</translation>
    </message>
    <message>
        <source> B tokens</source>
        <translation> B 个 token</translation>
    </message>
    <message>
        <source> % MFU</source>
        <translation> % MFU</translation>
    </message>
    <message>
        <source>Recompute</source>
        <translation>重计算</translation>
    </message>
    <message>
        <source>islands, buildings or rack groups (empty: campus)</source>
        <translation>计算岛、建筑或机柜组（留空：整个园区）</translation>
    </message>
    <message>
        <source>Apply</source>
        <translation>应用</translation>
    </message>
    <message>
        <source>No job selected.</source>
        <translation>未选中作业。</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>名称</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>模型</translation>
    </message>
    <message>
        <source>Tokens</source>
        <translation>Token 数</translation>
    </message>
    <message>
        <source>Global batch</source>
        <translation>全局批大小</translation>
    </message>
    <message>
        <source>Micro batch</source>
        <translation>微批大小</translation>
    </message>
    <message>
        <source>Sequence</source>
        <translation>序列长度</translation>
    </message>
    <message>
        <source>Parallel</source>
        <translation>并行度</translation>
    </message>
    <message>
        <source>Compute</source>
        <translation>算力利用</translation>
    </message>
    <message>
        <source>Model chunks per pipeline stage (interleaved 1F1B)</source>
        <translation>每个流水线阶段的模型分块数（交错 1F1B）</translation>
    </message>
    <message>
        <source>Interleave</source>
        <translation>交错</translation>
    </message>
    <message>
        <source>Rank order</source>
        <translation>并行排布顺序</translation>
    </message>
    <message>
        <source>Hosts</source>
        <translation>运行位置</translation>
    </message>
    <message>
        <source>Add job {name}</source>
        <translation>添加作业 {name}</translation>
    </message>
    <message>
        <source>Remove job {name}</source>
        <translation>删除作业 {name}</translation>
    </message>
    <message>
        <source>Change job {name}</source>
        <translation>修改作业 {name}</translation>
    </message>
    <message>
        <source>No job: add one to see how long it trains on this campus.</source>
        <translation>没有作业：添加一个，看看它在本园区上要训练多久。</translation>
    </message>
    <message>
        <source>Planning failed: {error}</source>
        <translation>作业规划失败：{error}</translation>
    </message>
    <message>
        <source>⟳ Computing…</source>
        <translation>⟳ 正在计算…</translation>
    </message>
    <message>
        <source>Cannot run: {reason}</source>
        <translation>无法运行：{reason}</translation>
    </message>
    <message>
        <source>{accelerators} accelerators; step {step} s</source>
        <translation>{accelerators} 张加速卡；每步 {step} 秒</translation>
    </message>
    <message>
        <source>{tokens} tokens/s · {days} days to train</source>
        <translation>{tokens} token/秒 · 训练需 {days} 天</translation>
    </message>
    <message>
        <source>achieved MFU {achieved} (compute assumed at {assumed})</source>
        <translation>实际 MFU {achieved}（假设计算效率 {assumed}）</translation>
    </message>
    <message>
        <source>Limiting link: {link}</source>
        <translation>瓶颈链路：{link}</translation>
    </message>
    <message>
        <source>Core: {words}</source>
        <translation>核心：{words}</translation>
    </message>
    <message>
        <source>Jobs</source>
        <translation>作业</translation>
    </message>
</context>
<context>
    <name>JobsOverlay</name>
    <message>
        <source>{job}: runs here</source>
        <translation>{job}：在此运行</translation>
    </message>
    <message>
        <source>{job}: limited by the links leaving here</source>
        <translation>{job}：受限于从此处出发的链路</translation>
    </message>
</context>
<context>
    <name>LanguageMenu</name>
    <message>
        <source>&amp;Language</source>
        <translation>语言(&amp;L)</translation>
    </message>
    <message>
        <source>Show the interface in {language}</source>
        <translation>界面语言：{language}</translation>
    </message>
    <message>
        <source>Language</source>
        <translation>语言</translation>
    </message>
    <message>
        <source>Show the interface in {language} now? The window opens again on the same design (unsaved changes are kept); the undo history starts afresh. Otherwise the language is used from the next start.</source>
        <translation>现在将界面切换为 {language} 吗？窗口会在同一设计上重新打开（未保存的修改会保留），撤销记录将清空。否则将在下次启动时使用该语言。</translation>
    </message>
    <message>
        <source>The interface will be in {language} from the next start</source>
        <translation>下次启动时界面将显示为 {language}</translation>
    </message>
</context>
<context>
    <name>Legend</name>
    <message>
        <source>&lt;b&gt;Power&lt;/b&gt; (building bar, rack stripe)</source>
        <translation>&lt;b&gt;功耗&lt;/b&gt;（建筑条、机柜条纹）</translation>
    </message>
    <message>
        <source>&lt;b&gt;Oversubscription&lt;/b&gt; (tier stripe)</source>
        <translation>&lt;b&gt;收敛比&lt;/b&gt;（交换机层条纹）</translation>
    </message>
    <message>
        <source>1:1, non-blocking</source>
        <translation>1:1，无阻塞</translation>
    </message>
    <message>
        <source>oversubscribed</source>
        <translation>有收敛</translation>
    </message>
    <message>
        <source>above the design&apos;s limit</source>
        <translation>超过设计上限</translation>
    </message>
    <message>
        <source>top tier / not known</source>
        <translation>顶层 / 未知</translation>
    </message>
    <message>
        <source>&lt;b&gt;Marks&lt;/b&gt;</source>
        <translation>&lt;b&gt;标记&lt;/b&gt;</translation>
    </message>
    <message>
        <source>red border and ! badge: problem</source>
        <translation>红框和 ! 标记：存在问题</translation>
    </message>
    <message>
        <source>bisection side A</source>
        <translation>二分切面 A 侧</translation>
    </message>
    <message>
        <source>bisection side B</source>
        <translation>二分切面 B 侧</translation>
    </message>
    <message>
        <source>bundle crossing the cut</source>
        <translation>穿越切面的链路束</translation>
    </message>
    <message>
        <source>Connector width grows with capacity; label: links × speed</source>
        <translation>连线粗细随容量增加；标注：链路数 × 速率</translation>
    </message>
    <message>
        <source>dashed connector: global links between groups</source>
        <translation>虚线连线：组间全局链路</translation>
    </message>
    <message>
        <source>under 80 % of capacity</source>
        <translation>低于容量的 80 %</translation>
    </message>
    <message>
        <source>80–100 % of capacity</source>
        <translation>容量的 80–100 %</translation>
    </message>
    <message>
        <source>over capacity</source>
        <translation>超出容量</translation>
    </message>
    <message>
        <source>&lt;b&gt;What-if&lt;/b&gt; (failures in force)</source>
        <translation>&lt;b&gt;故障模拟&lt;/b&gt;（当前故障）</translation>
    </message>
    <message>
        <source>hatched and crossed: failed</source>
        <translation>斜线加叉：故障</translation>
    </message>
    <message>
        <source>dotted outline: accelerators cut off</source>
        <translation>点线框：加速器被隔断</translation>
    </message>
    <message>
        <source>dash-dot outline: accelerators at low bandwidth</source>
        <translation>点划线框：加速器处于低带宽</translation>
    </message>
</context>
<context>
    <name>LinkTool</name>
    <message>
        <source>Link from {name}: release on a switch tier</source>
        <translation>从 {name} 连线：在交换机层上松开</translation>
    </message>
    <message>
        <source>Start a link on a rack group or a switch tier</source>
        <translation>请从机柜组或交换机层开始连线</translation>
    </message>
    <message>
        <source>No link drawn: release on another rack group or tier</source>
        <translation>未连线：请在另一个机柜组或交换机层上松开</translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <source>&amp;File</source>
        <translation>文件(&amp;F)</translation>
    </message>
    <message>
        <source>&amp;Edit</source>
        <translation>编辑(&amp;E)</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>视图(&amp;V)</translation>
    </message>
    <message>
        <source>&amp;Tools</source>
        <translation>工具(&amp;T)</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>帮助(&amp;H)</translation>
    </message>
    <message>
        <source>&amp;Analysis</source>
        <translation>分析(&amp;A)</translation>
    </message>
    <message>
        <source>Palette</source>
        <translation>器件面板</translation>
    </message>
    <message>
        <source>Legend</source>
        <translation>图例</translation>
    </message>
    <message>
        <source>Inspector</source>
        <translation>属性检查器</translation>
    </message>
    <message>
        <source>Metrics</source>
        <translation>指标</translation>
    </message>
    <message>
        <source>Problems</source>
        <translation>问题</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>退出(&amp;Q)</translation>
    </message>
    <message>
        <source>&amp;Undo</source>
        <translation>撤销(&amp;U)</translation>
    </message>
    <message>
        <source>&amp;Redo</source>
        <translation>重做(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Delete</source>
        <translation>删除(&amp;D)</translation>
    </message>
    <message>
        <source>Delete the selection and what depends on it</source>
        <translation>删除所选元素及依附于它的元素</translation>
    </message>
    <message>
        <source>D&amp;uplicate</source>
        <translation>复制一份(&amp;U)</translation>
    </message>
    <message>
        <source>Duplicate the selected islands (with their contents) and rack groups</source>
        <translation>复制所选计算岛（连同其内容）和机柜组</translation>
    </message>
    <message>
        <source>Select &amp;All</source>
        <translation>全选(&amp;A)</translation>
    </message>
    <message>
        <source>Select every element</source>
        <translation>选中所有元素</translation>
    </message>
    <message>
        <source>&amp;Find…</source>
        <translation>查找(&amp;F)…</translation>
    </message>
    <message>
        <source>Find an element by name or id</source>
        <translation>按名称或 ID 查找元素</translation>
    </message>
    <message>
        <source>&amp;Fit to View</source>
        <translation>适合窗口(&amp;F)</translation>
    </message>
    <message>
        <source>Show the whole design</source>
        <translation>显示整个设计</translation>
    </message>
    <message>
        <source>Zoom to &amp;Selection</source>
        <translation>缩放到所选(&amp;S)</translation>
    </message>
    <message>
        <source>Fit the selected elements into the view</source>
        <translation>使所选元素充满视图</translation>
    </message>
    <message>
        <source>Zoom &amp;In</source>
        <translation>放大(&amp;I)</translation>
    </message>
    <message>
        <source>Zoom in</source>
        <translation>放大</translation>
    </message>
    <message>
        <source>Zoom &amp;Out</source>
        <translation>缩小(&amp;O)</translation>
    </message>
    <message>
        <source>Zoom out</source>
        <translation>缩小</translation>
    </message>
    <message>
        <source>&amp;Actual Size</source>
        <translation>实际大小(&amp;A)</translation>
    </message>
    <message>
        <source>Zoom to 100 %</source>
        <translation>缩放到 100 %</translation>
    </message>
    <message>
        <source>Show Bisection &amp;Cut</source>
        <translation>显示二分切面(&amp;C)</translation>
    </message>
    <message>
        <source>Highlight the two sides of the minimum bisection and the bundles crossing it</source>
        <translation>突出显示最小二分切面的两侧以及穿越切面的链路束</translation>
    </message>
    <message>
        <source>&amp;Dark Theme</source>
        <translation>深色主题(&amp;D)</translation>
    </message>
    <message>
        <source>Switch between the light and dark theme</source>
        <translation>在浅色和深色主题之间切换</translation>
    </message>
    <message>
        <source>&amp;Select</source>
        <translation>选择(&amp;S)</translation>
    </message>
    <message>
        <source>Select, rubber-band select and move</source>
        <translation>点选、框选并移动</translation>
    </message>
    <message>
        <source>&amp;Link</source>
        <translation>连线(&amp;L)</translation>
    </message>
    <message>
        <source>Drag from a rack group or tier to a tier to link them</source>
        <translation>从机柜组或交换机层拖到另一交换机层以连接二者</translation>
    </message>
    <message>
        <source>&amp;Pan</source>
        <translation>平移(&amp;P)</translation>
    </message>
    <message>
        <source>Drag to pan (the middle button pans in any tool)</source>
        <translation>拖动以平移（任何工具下均可用鼠标中键平移）</translation>
    </message>
    <message>
        <source>Tools</source>
        <translation>工具</translation>
    </message>
    <message>
        <source>Undo</source>
        <translation>撤销</translation>
    </message>
    <message>
        <source>Redo</source>
        <translation>重做</translation>
    </message>
    <message>
        <source>Refreshing figures…</source>
        <translation>正在刷新指标…</translation>
    </message>
    <message>
        <source>Selected {names} and {more} more</source>
        <translation>已选中 {names} 等（另有 {more} 个）</translation>
    </message>
    <message>
        <source>Selected {names}</source>
        <translation>已选中 {names}</translation>
    </message>
    <message>
        <source>{name} (modified) — Archipelago</source>
        <translation>{name}（已修改）— Archipelago</translation>
    </message>
    <message>
        <source>{name} — Archipelago</source>
        <translation>{name} — Archipelago</translation>
    </message>
    <message>
        <source>Select islands or rack groups to duplicate</source>
        <translation>请先选中要复制的计算岛或机柜组</translation>
    </message>
    <message>
        <source>No accelerators in the design: there is no bisection to show</source>
        <translation>设计中没有加速卡：没有可显示的二分切面</translation>
    </message>
    <message>
        <source>Bisection {tbps} Tb/s: blue side A, orange side B, red bundles cross</source>
        <translation>二分带宽 {tbps} Tb/s：蓝色为 A 侧，橙色为 B 侧，红色为穿越切面的链路束</translation>
    </message>
    <message>
        <source>Select elements to zoom to (or press F to fit the design)</source>
        <translation>请先选中要缩放到的元素（或按 F 显示整个设计）</translation>
    </message>
</context>
<context>
    <name>MetricsDock</name>
    <message>
        <source>Peak dense BF16, PFLOPS</source>
        <translation>BF16 稠密峰值算力，PFLOPS</translation>
    </message>
    <message>
        <source>By vendor:</source>
        <translation>按厂商：</translation>
    </message>
    <message>
        <source>By accelerator:</source>
        <translation>按加速卡型号：</translation>
    </message>
    <message>
        <source>Accelerators</source>
        <translation>加速卡</translation>
    </message>
    <message>
        <source>Accelerators in the design</source>
        <translation>设计中的加速卡数量</translation>
    </message>
    <message>
        <source>Bisection</source>
        <translation>二分带宽</translation>
    </message>
    <message>
        <source>Minimum balanced bisection, Tb/s each way</source>
        <translation>最小均衡二分带宽，单向 Tb/s</translation>
    </message>
    <message>
        <source>of full bisection</source>
        <translation>占全二分带宽</translation>
    </message>
    <message>
        <source>Bisection ÷ (N/2 × injection bandwidth per accelerator)</source>
        <translation>二分带宽 ÷（N/2 × 每卡注入带宽）</translation>
    </message>
    <message>
        <source>Bisection per GPU</source>
        <translation>每卡二分带宽</translation>
    </message>
    <message>
        <source>Bisection ÷ (N/2), Gb/s</source>
        <translation>二分带宽 ÷（N/2），Gb/s</translation>
    </message>
    <message>
        <source>Mean hops</source>
        <translation>平均跳数</translation>
    </message>
    <message>
        <source>Mean switch hops over scale-out accelerator pairs</source>
        <translation>横向扩展网络中加速卡对的平均交换机跳数</translation>
    </message>
    <message>
        <source>Max hops</source>
        <translation>最大跳数</translation>
    </message>
    <message>
        <source>Largest switch-hop count between two accelerators</source>
        <translation>任意两张加速卡之间的最大交换机跳数</translation>
    </message>
    <message>
        <source>IT power</source>
        <translation>IT 功耗</translation>
    </message>
    <message>
        <source>Servers + switches + transceivers + allowance, MW</source>
        <translation>服务器 + 交换机 + 光模块 + 预留，MW</translation>
    </message>
    <message>
        <source>Facility power</source>
        <translation>设施总功耗</translation>
    </message>
    <message>
        <source>IT × PUE, summed over buildings, MW</source>
        <translation>IT × PUE，各建筑求和，MW</translation>
    </message>
    <message>
        <source>Peak BF16</source>
        <translation>BF16 峰值</translation>
    </message>
    <message>
        <source>Interruptions/day</source>
        <translation>中断次数/天</translation>
    </message>
    <message>
        <source>Expected interruptions per day of the job (all accelerators unless the settings say), from the Llama 3 failure rates; see docs/metrics.md, Reliability</source>
        <translation>作业每天的预期中断次数（除非设置另有规定，按全部加速卡计），依据 Llama 3 的故障率；见 docs/metrics.md 的“Reliability”一节</translation>
    </message>
    <message>
        <source>Goodput</source>
        <translation>有效训练率</translation>
    </message>
    <message>
        <source>Share of time training, checkpointing at Young&apos;s interval</source>
        <translation>按 Young 间隔做检查点时用于训练的时间占比</translation>
    </message>
    <message>
        <source>Problems</source>
        <translation>问题</translation>
    </message>
    <message>
        <source>Errors and warnings in the design</source>
        <translation>设计中的错误和警告</translation>
    </message>
    <message>
        <source>CAPEX</source>
        <translation>CAPEX</translation>
    </message>
    <message>
        <source>Servers, racks, switches, optics and cables at catalog prices (estimates), in the design&apos;s currency; the Cost tab breaks it down</source>
        <translation>服务器、机柜、交换机、光模块和线缆按目录价格（含估算）计，以设计的货币表示；“成本”标签页中有分项</translation>
    </message>
    <message>
        <source>Network share</source>
        <translation>网络占比</translation>
    </message>
    <message>
        <source>Switches, optics and cables ÷ CAPEX</source>
        <translation>交换机、光模块和线缆 ÷ CAPEX</translation>
    </message>
    <message>
        <source>No accelerators in the design: there is nothing to compute this over</source>
        <translation>设计中没有加速卡：此指标无从计算</translation>
    </message>
    <message>
        <source>≥ {bound} (proven)
… best cut {figure}</source>
        <translation>≥ {bound}（已证明）
… 最佳切面 {figure}</translation>
    </message>
    <message>
        <source>Computing…</source>
        <translation>正在计算…</translation>
    </message>
    <message>
        <source>Hops</source>
        <translation>跳数</translation>
    </message>
    <message>
        <source>Power</source>
        <translation>功耗</translation>
    </message>
    <message>
        <source>Islands</source>
        <translation>计算岛</translation>
    </message>
    <message>
        <source>Buildings</source>
        <translation>建筑</translation>
    </message>
    <message>
        <source>Cost</source>
        <translation>成本</translation>
    </message>
    <message>
        <source>⟳ Refreshing figures…</source>
        <translation>⟳ 正在刷新指标…</translation>
    </message>
    <message>
        <source>✓ Up to date</source>
        <translation>✓ 已是最新</translation>
    </message>
    <message>
        <source>Metrics failed: {message}</source>
        <translation>指标计算失败：{message}</translation>
    </message>
    <message>
        <source>{n} s</source>
        <translation>{n} 秒</translation>
    </message>
    <message>
        <source>{n} min</source>
        <translation>{n} 分钟</translation>
    </message>
    <message>
        <source>{n} h</source>
        <translation>{n} 小时</translation>
    </message>
    <message>
        <source>An interruption every {mtbi} on average; a checkpoint written every {interval} ({write} s each); {restart} s to restart after each interruption</source>
        <translation>平均每 {mtbi} 中断一次；每 {interval} 写一次检查点（每次 {write} 秒）；每次中断后重启需 {restart} 秒</translation>
    </message>
    <message>
        <source> (best cut found: upper bound)</source>
        <translation>（找到的最佳切面：上界）</translation>
    </message>
    <message>
        <source>; the minimum is proven at least the first figure (a flow that fits in the links)</source>
        <translation>；已证明最小值不低于第一个数（一组不超出链路容量的流）</translation>
    </message>
</context>
<context>
    <name>MetricsRunner</name>
    <message>
        <source>figures not computed: the design is too large to compute within {limit} s</source>
        <translation>未计算指标：设计规模过大，无法在 {limit} 秒内算完</translation>
    </message>
    <message>
        <source>the metrics engine stopped while computing this design (its process was killed, perhaps out of memory); the figures shown are from before, and the next edit starts it again</source>
        <translation>指标引擎在计算此设计时停止（其进程被终止，可能是内存不足）；当前显示的是之前的指标，下一次编辑会重新启动引擎</translation>
    </message>
    <message>
        <source>cancelled while the figures were being computed</source>
        <translation>计算指标时已取消</translation>
    </message>
    <message>
        <source>the figures are not computed</source>
        <translation>指标尚未计算</translation>
    </message>
</context>
<context>
    <name>ModelShapeForm</name>
    <message>
        <source>Parameters one token passes through (equal to the parameters for a dense model)</source>
        <translation>每个 token 经过的参数量（稠密模型即等于总参数量）</translation>
    </message>
    <message>
        <source>Key/value heads (grouped-query attention); they divide the heads</source>
        <translation>KV 头数（分组查询注意力）；须整除注意力头数</translation>
    </message>
    <message>
        <source>Routed experts (0: a dense model)</source>
        <translation>路由专家数（0：稠密模型）</translation>
    </message>
    <message>
        <source>Routed experts each token uses</source>
        <translation>每个 token 使用的路由专家数</translation>
    </message>
    <message>
        <source>Parameters the routed experts hold between them</source>
        <translation>路由专家合计的参数量</translation>
    </message>
    <message>
        <source>Parameters</source>
        <translation>参数量</translation>
    </message>
    <message>
        <source>Active params</source>
        <translation>激活参数量</translation>
    </message>
    <message>
        <source>Layers</source>
        <translation>层数</translation>
    </message>
    <message>
        <source>Hidden</source>
        <translation>隐藏维度</translation>
    </message>
    <message>
        <source>Heads</source>
        <translation>注意力头数</translation>
    </message>
    <message>
        <source>KV heads</source>
        <translation>KV 头数</translation>
    </message>
    <message>
        <source>Vocabulary</source>
        <translation>词表大小</translation>
    </message>
    <message>
        <source>Experts</source>
        <translation>专家数</translation>
    </message>
    <message>
        <source>Top-k</source>
        <translation>Top-k</translation>
    </message>
    <message>
        <source>MoE layers</source>
        <translation>MoE 层数</translation>
    </message>
    <message>
        <source>Expert params</source>
        <translation>专家参数量</translation>
    </message>
</context>
<context>
    <name>NotComputed</name>
    <message>
        <source>hops</source>
        <translation>跳数</translation>
    </message>
    <message>
        <source>bisection</source>
        <translation>二分带宽</translation>
    </message>
    <message>
        <source>bandwidth between islands</source>
        <translation>计算岛间带宽</translation>
    </message>
    <message>
        <source>bandwidth between buildings</source>
        <translation>建筑间带宽</translation>
    </message>
    <message>
        <source>too large to compute within</source>
        <translation>设计规模过大，无法在</translation>
    </message>
    <message>
        <source>not computed</source>
        <translation>未计算</translation>
    </message>
    <message>
        <source>Not computed</source>
        <translation>未计算</translation>
    </message>
    <message>
        <source>, </source>
        <translation>、</translation>
    </message>
    <message>
        <source>Figures not computed: {figures} — {reason}</source>
        <translation>未计算的指标：{figures} — {reason}</translation>
    </message>
    <message>
        <source>Figures not computed: {figures}</source>
        <translation>未计算的指标：{figures}</translation>
    </message>
    <message>
        <source>Figures not computed: {reason}</source>
        <translation>未计算指标：{reason}</translation>
    </message>
    <message>
        <source>Metrics failed</source>
        <translation>指标计算失败</translation>
    </message>
</context>
<context>
    <name>NumberField</name>
    <message>
        <source>{text} is not a number</source>
        <translation>{text} 不是数字</translation>
    </message>
</context>
<context>
    <name>Optics</name>
    <message>
        <source>Add media</source>
        <translation>添加线缆介质</translation>
    </message>
    <message>
        <source>Choose optics by reach ({bundles})</source>
        <translation>按距离选择光模块（{bundles}）</translation>
    </message>
    <message>
        <source>Optics by reach: {bundles} changed</source>
        <translation>按距离选择光模块：已修改 {bundles}</translation>
    </message>
    <message>
        <source>Optics by reach: every bundle already has the cheapest medium that reaches</source>
        <translation>按距离选择光模块：每条链路束都已使用可达距离内最便宜的介质</translation>
    </message>
    <message>
        <source>; {count} with no medium that reaches ({reason})</source>
        <translation>；{count} 条没有可达的介质（{reason}）</translation>
    </message>
    <message>
        <source>Choose &amp;Optics by Reach</source>
        <translation>按距离选择光模块(&amp;O)</translation>
    </message>
    <message>
        <source>Give the selected bundles (or all) the cheapest medium that reaches their length at their speed</source>
        <translation>为所选（或全部）链路束选择在其速率下能覆盖其长度的最便宜介质</translation>
    </message>
</context>
<context>
    <name>Palette</name>
    <message>
        <source>Building</source>
        <translation>建筑</translation>
    </message>
    <message>
        <source>Computing island</source>
        <translation>计算岛</translation>
    </message>
    <message>
        <source>Structure</source>
        <translation>结构</translation>
    </message>
    <message>
        <source>A building: holds islands and building-level tiers; has a power capacity and PUE</source>
        <translation>建筑：容纳计算岛和建筑级交换机层；具有功率容量和 PUE</translation>
    </message>
    <message>
        <source>A computing island (pod): drop it on a building</source>
        <translation>计算岛（Pod）：拖放到建筑上</translation>
    </message>
    <message>
        <source>Rack groups</source>
        <translation>机柜组</translation>
    </message>
    <message>
        <source>{name}
{detail}, {budget} kW budget
Drop it on an island</source>
        <translation>{name}
{detail}，功率预算 {budget} kW
拖放到计算岛上</translation>
    </message>
    <message>
        <source>Switch tiers</source>
        <translation>交换机层</translation>
    </message>
    <message>
        <source>{name}
{radix} ports × {speed}G
Drop it on an island (island tier) or a building (building tier)</source>
        <translation>{name}
{radix} 端口 × {speed}G
拖放到计算岛（岛内交换机层）或建筑（建筑级交换机层）上</translation>
    </message>
</context>
<context>
    <name>Pareto</name>
    <message>
        <source>Pareto front: {front} of {points} points</source>
        <translation>帕累托前沿：{points} 个点中的 {front} 个</translation>
    </message>
    <message>
        <source>Open a sweep table to see its points</source>
        <translation>打开扫描结果表以查看其中的点</translation>
    </message>
</context>
<context>
    <name>PlaceTool</name>
    <message>
        <source>Click where {what} goes (Esc cancels)</source>
        <translation>点击放置{what}的位置（Esc 取消）</translation>
    </message>
</context>
<context>
    <name>Placement</name>
    <message>
        <source>A building goes on the open campus, not inside {name}</source>
        <translation>建筑应放在园区空地上，不能放在 {name} 内</translation>
    </message>
    <message>
        <source>Islands do not nest: drop the island beside {name}, on its building</source>
        <translation>计算岛不能嵌套：请把计算岛放在 {name} 旁边、它所在的建筑上</translation>
    </message>
    <message>
        <source>An island goes into a building: drop it on one</source>
        <translation>计算岛要放进建筑：请拖放到一栋建筑上</translation>
    </message>
    <message>
        <source>A rack group goes into a computing island: drop it on an island of {name}</source>
        <translation>机柜组要放进计算岛：请拖放到 {name} 中的某个计算岛上</translation>
    </message>
    <message>
        <source>A rack group goes into a computing island: drop it on an island</source>
        <translation>机柜组要放进计算岛：请拖放到计算岛上</translation>
    </message>
    <message>
        <source>A switch tier goes into an island (serving it) or a building (serving all its islands): drop it on one</source>
        <translation>交换机层要放进计算岛（服务该岛）或建筑（服务其中所有计算岛）：请拖放到其中之一</translation>
    </message>
    <message>
        <source>Unknown palette entry {kind}</source>
        <translation>未知的器件面板条目 {kind}</translation>
    </message>
</context>
<context>
    <name>PngOptionsDialog</name>
    <message>
        <source>Export PNG</source>
        <translation>导出 PNG</translation>
    </message>
    <message>
        <source>Whole design</source>
        <translation>整个设计</translation>
    </message>
    <message>
        <source>Current view</source>
        <translation>当前视图</translation>
    </message>
    <message>
        <source>Width (pixels)</source>
        <translation>宽度（像素）</translation>
    </message>
    <message>
        <source>Resolution (dpi)</source>
        <translation>分辨率 (dpi)</translation>
    </message>
    <message>
        <source>Draw</source>
        <translation>绘制范围</translation>
    </message>
</context>
<context>
    <name>ProblemsPanel</name>
    <message>
        <source>Error</source>
        <translation>错误</translation>
    </message>
    <message>
        <source>Warning</source>
        <translation>警告</translation>
    </message>
    <message>
        <source>Element</source>
        <translation>元素</translation>
    </message>
    <message>
        <source>Problem</source>
        <translation>问题</translation>
    </message>
    <message>
        <source>No problems: the design passes every check.</source>
        <translation>没有问题：设计通过了全部检查。</translation>
    </message>
    <message>
        <source>design</source>
        <translation>设计</translation>
    </message>
    <message>
        <source>{n} error</source>
        <translation>{n} 个错误</translation>
    </message>
    <message>
        <source>{n} errors</source>
        <translation>{n} 个错误</translation>
    </message>
    <message>
        <source>{n} warning</source>
        <translation>{n} 个警告</translation>
    </message>
    <message>
        <source>{n} warnings</source>
        <translation>{n} 个警告</translation>
    </message>
    <message>
        <source>Problems ({errors}, {warnings})</source>
        <translation>问题（{errors}，{warnings}）</translation>
    </message>
</context>
<context>
    <name>QFileDialog</name>
    <message>
        <source>&amp;Look in:</source>
        <translation>查找范围(&amp;L)：</translation>
    </message>
    <message>
        <source>Files of &amp;type:</source>
        <translation>文件类型(&amp;T)：</translation>
    </message>
</context>
<context>
    <name>RackGroupItem</name>
    <message>
        <source>{id} (missing)</source>
        <translation>{id}（缺失）</translation>
    </message>
    <message>
        <source>{count} racks of {type}</source>
        <translation>{count} 个 {type} 机柜</translation>
    </message>
    <message>
        <source>{used} kW per rack of {budget} kW budget</source>
        <translation>每机柜 {used} kW，功率预算 {budget} kW</translation>
    </message>
    <message>
        <source>Drag the top handle to a switch tier to link it</source>
        <translation>拖动顶部连接点到交换机层即可连线</translation>
    </message>
    <message>
        <source>{used} of {budget} kW</source>
        <translation>{used} / {budget} kW</translation>
    </message>
    <message>
        <source>{used} of {budget} kW per rack</source>
        <translation>每机柜 {used} / {budget} kW</translation>
    </message>
    <message>
        <source>racks</source>
        <translation>机柜</translation>
    </message>
</context>
<context>
    <name>ShortcutsDialog</name>
    <message>
        <source>Keyboard Shortcuts</source>
        <translation>键盘快捷键</translation>
    </message>
    <message>
        <source>Menu</source>
        <translation>菜单</translation>
    </message>
    <message>
        <source>Command</source>
        <translation>命令</translation>
    </message>
    <message>
        <source>Keys</source>
        <translation>按键</translation>
    </message>
    <message>
        <source>Also: wheel zooms at the mouse; the middle button pans; Esc cancels a gesture; arrows nudge only while the canvas has the keyboard.</source>
        <translation>另外：滚轮以鼠标位置为中心缩放；鼠标中键平移；Esc 取消当前操作；方向键仅在画布获得键盘焦点时微移元素。</translation>
    </message>
</context>
<context>
    <name>TemplateDialog</name>
    <message>
        <source>{accelerators} accelerators in {servers} servers
{switches} switches in {tiers} tiers
IT power {it}, facility {facility}</source>
        <translation>{accelerators} 张加速卡，{servers} 台服务器
{switches} 台交换机，{tiers} 个交换机层
IT 功耗 {it}，设施功耗 {facility}</translation>
    </message>
    <message>
        <source>; one of {choices}</source>
        <translation>；可选：{choices}</translation>
    </message>
    <message>
        <source>from {low}</source>
        <translation>最小 {low}</translation>
    </message>
    <message>
        <source>to {high}</source>
        <translation>最大 {high}</translation>
    </message>
    <message>
        <source>{help}{bounds} (default {default})</source>
        <translation>{help}{bounds}（默认 {default}）</translation>
    </message>
    <message>
        <source>Computing the figures…</source>
        <translation>正在计算指标…</translation>
    </message>
    <message>
        <source>New from Template</source>
        <translation>从模板新建</translation>
    </message>
    <message>
        <source>Create</source>
        <translation>创建</translation>
    </message>
    <message>
        <source>&lt;b&gt;Preview&lt;/b&gt;</source>
        <translation>&lt;b&gt;预览&lt;/b&gt;</translation>
    </message>
    <message>
        <source>&lt;i&gt;Follows:&lt;/i&gt; {source}</source>
        <translation>&lt;i&gt;依据：&lt;/i&gt;{source}</translation>
    </message>
    <message>
        <source>Cannot build: {error}</source>
        <translation>无法生成：{error}</translation>
    </message>
    <message>
        <source>Figures not available: {message}</source>
        <translation>暂无指标：{message}</translation>
    </message>
</context>
<context>
    <name>TierItem</name>
    <message>
        <source>top tier</source>
        <translation>顶层</translation>
    </message>
    <message>
        <source>{count} × {switch}, {role}, {scope} scope, {plane} plane</source>
        <translation>{count} × {switch}，{role}，{scope}范围，{plane}平面</translation>
    </message>
    <message>
        <source>Oversubscription (down : up): {ratio}</source>
        <translation>收敛比（下行 : 上行）：{ratio}</translation>
    </message>
</context>
<context>
    <name>Vendor</name>
    <message>
        <source>Huawei</source>
        <translation>华为</translation>
    </message>
    <message>
        <source>Cambricon</source>
        <translation>寒武纪</translation>
    </message>
    <message>
        <source>Hygon</source>
        <translation>海光</translation>
    </message>
    <message>
        <source>Kunlunxin</source>
        <translation>昆仑芯</translation>
    </message>
    <message>
        <source>Moore Threads</source>
        <translation>摩尔线程</translation>
    </message>
    <message>
        <source>MetaX</source>
        <translation>沐曦</translation>
    </message>
    <message>
        <source>Iluvatar CoreX</source>
        <translation>天数智芯</translation>
    </message>
    <message>
        <source>Biren</source>
        <translation>壁仞</translation>
    </message>
    <message>
        <source>generic</source>
        <translation>通用</translation>
    </message>
</context>
<context>
    <name>WhatIf</name>
    <message>
        <source>N−1</source>
        <translation>N−1</translation>
    </message>
    <message>
        <source>Failures dropped after the edit: {why}</source>
        <translation>编辑后已撤除的故障：{why}</translation>
    </message>
    <message>
        <source>&amp;N−1 Table…</source>
        <translation>N−1 故障表(&amp;N)…</translation>
    </message>
    <message>
        <source>Fail each switch tier&apos;s switch, each bundle&apos;s link and each building in turn: what each costs</source>
        <translation>依次让每个交换机层的一台交换机、每条链路束的一条链路和每栋建筑失效：看各自的影响</translation>
    </message>
    <message>
        <source>&amp;Clear Failures</source>
        <translation>清除故障(&amp;C)</translation>
    </message>
    <message>
        <source>Back to the healthy design</source>
        <translation>回到无故障的设计</translation>
    </message>
    <message>
        <source>&amp;Scenarios</source>
        <translation>故障场景(&amp;S)</translation>
    </message>
    <message>
        <source>&amp;Save Failures as Scenario…</source>
        <translation>将当前故障保存为场景(&amp;S)…</translation>
    </message>
    <message>
        <source>Keep what is failed now as a named scenario in the design (saved with its file)</source>
        <translation>把当前的故障作为命名场景保存在设计中（随文件一起保存）</translation>
    </message>
    <message>
        <source>&amp;Delete Scenario…</source>
        <translation>删除场景(&amp;D)…</translation>
    </message>
    <message>
        <source>Delete a saved scenario from the design</source>
        <translation>从设计中删除一个已保存的场景</translation>
    </message>
    <message>
        <source>Fail what {name} names ({count} failures)</source>
        <translation>模拟 {name} 中的故障（{count} 处）</translation>
    </message>
    <message>
        <source>&amp;Fail…</source>
        <translation>模拟故障(&amp;F)…</translation>
    </message>
    <message>
        <source>Fail this element (or some of its members) and see what it takes down; the design is not changed</source>
        <translation>让此元素（或其部分成员）失效，查看受影响的范围；设计本身不会改变</translation>
    </message>
    <message>
        <source>Cannot fail this</source>
        <translation>无法模拟此故障</translation>
    </message>
    <message>
        <source>Scenario {n}</source>
        <translation>场景 {n}</translation>
    </message>
    <message>
        <source>Cannot save the scenario</source>
        <translation>无法保存场景</translation>
    </message>
    <message>
        <source>Saved scenario {name}</source>
        <translation>已保存场景 {name}</translation>
    </message>
    <message>
        <source>Deleted scenario {name}</source>
        <translation>已删除场景 {name}</translation>
    </message>
    <message>
        <source>Delete Scenario</source>
        <translation>删除场景</translation>
    </message>
    <message>
        <source>Scenario:</source>
        <translation>场景：</translation>
    </message>
    <message>
        <source>Save Failures as Scenario</source>
        <translation>将当前故障保存为场景</translation>
    </message>
    <message>
        <source>Scenario name:</source>
        <translation>场景名称：</translation>
    </message>
    <message>
        <source>Cannot apply {name}</source>
        <translation>无法应用 {name}</translation>
    </message>
    <message>
        <source>What-if: scenario {name}</source>
        <translation>假设分析：场景 {name}</translation>
    </message>
    <message>
        <source>What-if: {failures}</source>
        <translation>假设分析：{failures}</translation>
    </message>
    <message>
        <source>Replace scenario {name}</source>
        <translation>替换场景 {name}</translation>
    </message>
    <message>
        <source>Save scenario {name}</source>
        <translation>保存场景 {name}</translation>
    </message>
    <message>
        <source>Delete scenario {name}</source>
        <translation>删除场景 {name}</translation>
    </message>
    <message>
        <source>Figure</source>
        <translation>指标</translation>
    </message>
    <message>
        <source>Healthy</source>
        <translation>正常</translation>
    </message>
    <message>
        <source>Failed</source>
        <translation>故障后</translation>
    </message>
    <message>
        <source>Change</source>
        <translation>变化</translation>
    </message>
    <message>
        <source>no change</source>
        <translation>无变化</translation>
    </message>
    <message>
        <source>{sign}{points} points</source>
        <translation>{sign}{points} 个百分点</translation>
    </message>
    <message>
        <source>Save as Scenario…</source>
        <translation>保存为场景…</translation>
    </message>
    <message>
        <source>Clear</source>
        <translation>清除</translation>
    </message>
    <message>
        <source>Clear failures: back to the healthy design</source>
        <translation>清除故障：回到无故障的设计</translation>
    </message>
    <message>
        <source>What-if — down: {failures}</source>
        <translation>假设分析 — 失效：{failures}</translation>
    </message>
    <message>
        <source>{points} pts</source>
        <translation>{points} 个百分点</translation>
    </message>
    <message>
        <source>Right-click a switch tier, bundle, rack group, island or building and choose Fail… to see what it takes down.</source>
        <translation>右击交换机层、链路束、机柜组、计算岛或建筑，选择“模拟故障…”即可查看受影响的范围。</translation>
    </message>
    <message>
        <source>Low bandwidth: at most</source>
        <translation>低带宽：不超过</translation>
    </message>
    <message>
        <source>Accelerators keeping at most this share of their healthy bandwidth to the rest of the network (their own links, and their share of their switches&apos; uplinks) are counted and outlined on the canvas; see docs/whatif.md</source>
        <translation>到网络其余部分的带宽不超过正常值此比例的加速器（按其自身链路及其所连交换机上行链路的份额计）会被计数并在画布上框出；见 docs/whatif.md</translation>
    </message>
    <message>
        <source>of healthy</source>
        <translation>（占正常值）</translation>
    </message>
    <message>
        <source>What-if</source>
        <translation>假设分析</translation>
    </message>
    <message>
        <source>No failures: the figures are the healthy design&apos;s. Right-click an element and choose Fail… to see what it takes down.</source>
        <translation>没有故障：指标为无故障设计的指标。右击某个元素并选择“模拟故障…”即可查看受影响的范围。</translation>
    </message>
    <message>
        <source>Computing the figures with these failures…</source>
        <translation>正在计算这些故障下的指标…</translation>
    </message>
    <message>
        <source>Every working accelerator ({count}) is cut off: the network carries nothing, so its figures are zero.</source>
        <translation>所有正常加速器（{count}）均被隔断：网络不承载任何流量，各项数值为零。</translation>
    </message>
    <message>
        <source>Healthy {healthy} → failed {failed}</source>
        <translation>正常 {healthy} → 故障后 {failed}</translation>
    </message>
    <message>
        <source>switches</source>
        <translation>交换机</translation>
    </message>
    <message>
        <source>links</source>
        <translation>链路</translation>
    </message>
    <message>
        <source>racks</source>
        <translation>机柜</translation>
    </message>
    <message>
        <source>Fail {name}</source>
        <translation>模拟 {name} 故障</translation>
    </message>
    <message>
        <source>How much of {name} is down? It has {total} {unit}.</source>
        <translation>{name} 有多少失效？它共有 {total} 个{unit}。</translation>
    </message>
    <message>
        <source>Some {unit} (the first ones):</source>
        <translation>部分{unit}（从第一个起）：</translation>
    </message>
    <message>
        <source> of {total} {unit}</source>
        <translation> / 共 {total} 个{unit}</translation>
    </message>
    <message>
        <source>All {total} {unit} (the whole {kind})</source>
        <translation>全部 {total} 个{unit}（整个{kind}）</translation>
    </message>
    <message>
        <source>its power: everything in it goes dark</source>
        <translation>其供电：内部全部断电</translation>
    </message>
    <message>
        <source>the whole island: its racks and switches</source>
        <translation>整个计算岛：其机柜和交换机</translation>
    </message>
    <message>
        <source>Fail {name} whole ({what}); {count} accelerators go down.</source>
        <translation>使 {name} 整体失效（{what}）；{count} 张加速卡停机。</translation>
    </message>
    <message>
        <source>Failures are a view: the design and its file are not changed. Analysis › Clear Failures brings everything back.</source>
        <translation>故障只是一种视图：设计及其文件不会改变。分析 › 清除故障 可恢复一切。</translation>
    </message>
    <message>
        <source>Fail</source>
        <translation>模拟故障</translation>
    </message>
    <message>
        <source>Failure</source>
        <translation>故障</translation>
    </message>
    <message>
        <source>Partitions</source>
        <translation>网络分割</translation>
    </message>
    <message>
        <source>Bisection</source>
        <translation>二分带宽</translation>
    </message>
    <message>
        <source>Of healthy</source>
        <translation>占正常值</translation>
    </message>
    <message>
        <source>Max hops</source>
        <translation>最大跳数</translation>
    </message>
    <message>
        <source>Accelerators down</source>
        <translation>停机加速卡</translation>
    </message>
    <message>
        <source>Cut off</source>
        <translation>被隔断</translation>
    </message>
    <message>
        <source>Low bandwidth</source>
        <translation>低带宽</translation>
    </message>
    <message>
        <source>Pairs with no path</source>
        <translation>无通路的卡对</translation>
    </message>
    <message>
        <source>Worst island pair</source>
        <translation>最差计算岛对</translation>
    </message>
    <message>
        <source>Worst building pair</source>
        <translation>最差建筑对</translation>
    </message>
    <message>
        <source>%v of %m rows</source>
        <translation>%v / %m 行</translation>
    </message>
    <message>
        <source>Failing each switch tier&apos;s switches, each bundle&apos;s link and each building in turn, in the engine process…</source>
        <translation>正在计算进程中依次模拟每个交换机层的交换机、每个链路束的一条链路以及每栋楼宇的故障…</translation>
    </message>
    <message>
        <source>Stopped: the design or threshold changed while the table was computed. Compute Again.</source>
        <translation>已停止：计算期间设计或阈值已改变：请重新计算。</translation>
    </message>
    <message>
        <source> Out of date (the design or threshold changed): Compute Again.</source>
        <translation> 已过期（设计或阈值已改变）：请重新计算。</translation>
    </message>
    <message>
        <source>Double-click a row (or select it and press Fail Selected) to fail it in the editor</source>
        <translation>双击一行（或选中后点击“模拟所选故障”）即可在编辑器中模拟该故障</translation>
    </message>
    <message>
        <source>{rows} single failures, worst first · {parts} partition the network · healthy bisection {bisection}, max hops {hops} · low bandwidth: ≤ {percent} % of healthy.</source>
        <translation>{rows} 个单点故障，最严重的在前 · {parts} 个造成网络分割 · 正常二分带宽 {bisection}，最大跳数 {hops} · 低带宽：≤ 正常值的 {percent} %。</translation>
    </message>
    <message>
        <source>yes</source>
        <translation>是</translation>
    </message>
    <message>
        <source>The worst of {tried} switches tried (one per class of interchangeable switches; the tier has {classes})</source>
        <translation>在试算的 {tried} 台交换机中影响最大者（每类可互换交换机试算一台；该层共有 {classes} 类）</translation>
    </message>
    <message>
        <source>Same figures as {element} (an identical island)</source>
        <translation>与 {element} 的数值相同（相同的计算岛）</translation>
    </message>
    <message>
        <source>Partitions the network: some working accelerators can no longer reach others</source>
        <translation>造成网络分割：部分正常加速器之间已无法互通</translation>
    </message>
    <message>
        <source>Compute Again</source>
        <translation>重新计算</translation>
    </message>
    <message>
        <source>Stop</source>
        <translation>停止</translation>
    </message>
    <message>
        <source>The N−1 table fails each switch tier&apos;s worst switch, each bundle&apos;s link and each building in turn: Compute.</source>
        <translation>N−1 故障表依次模拟每个交换机层中影响最大的交换机、每个链路束的一条链路以及每栋楼宇的故障：请点击“计算”。</translation>
    </message>
    <message>
        <source>Compute</source>
        <translation>计算</translation>
    </message>
    <message>
        <source>Fail Selected</source>
        <translation>模拟所选故障</translation>
    </message>
    <message>
        <source>Fail the selected row&apos;s element in the what-if</source>
        <translation>在假设分析中让所选行的元素失效</translation>
    </message>
    <message>
        <source>the table could not be computed</source>
        <translation>无法计算该表</translation>
    </message>
    <message>
        <source>N−1 table not computed: {error}</source>
        <translation>未能计算 N−1 故障表：{error}</translation>
    </message>
    <message>
        <source>dark (failed)</source>
        <translation>断电（失效）</translation>
    </message>
    <message>
        <source>members</source>
        <translation>成员</translation>
    </message>
    <message>
        <source>all {total} {unit} down</source>
        <translation>全部 {total} 个{unit}失效</translation>
    </message>
    <message>
        <source>{down} of {total} {unit} down</source>
        <translation>{total} 个{unit}中 {down} 个失效</translation>
    </message>
    <message>
        <source>{count} at ≤ {percent} % bandwidth</source>
        <translation>{count} 个带宽 ≤ {percent} %</translation>
    </message>
    <message>
        <source>{count} accelerators keep at most {percent} % of their healthy bandwidth to the rest of the network</source>
        <translation>{count} 个加速器到网络其余部分的带宽不超过正常值的 {percent} %</translation>
    </message>
    <message>
        <source>{count} cut off</source>
        <translation>{count} 张被隔断</translation>
    </message>
    <message>
        <source>{count} accelerators cut off: no scale-out link left</source>
        <translation>{count} 张加速卡被隔断：没有剩余的横向扩展链路</translation>
    </message>
    <message>
        <source>Failed: {what}</source>
        <translation>失效：{what}</translation>
    </message>
</context>
<context>
    <name>Words</name>
    <message>
        <source>building</source>
        <translation>建筑</translation>
    </message>
    <message>
        <source>island</source>
        <translation>计算岛</translation>
    </message>
    <message>
        <source>rack group</source>
        <translation>机柜组</translation>
    </message>
    <message>
        <source>switch tier</source>
        <translation>交换机层</translation>
    </message>
    <message>
        <source>link bundle</source>
        <translation>链路束</translation>
    </message>
    <message>
        <source>settings</source>
        <translation>设置</translation>
    </message>
    <message>
        <source>design</source>
        <translation>设计</translation>
    </message>
    <message>
        <source>{n} building</source>
        <translation>{n} 栋建筑</translation>
    </message>
    <message>
        <source>{n} buildings</source>
        <translation>{n} 栋建筑</translation>
    </message>
    <message>
        <source>{n} island</source>
        <translation>{n} 个计算岛</translation>
    </message>
    <message>
        <source>{n} islands</source>
        <translation>{n} 个计算岛</translation>
    </message>
    <message>
        <source>{n} rack group</source>
        <translation>{n} 个机柜组</translation>
    </message>
    <message>
        <source>{n} rack groups</source>
        <translation>{n} 个机柜组</translation>
    </message>
    <message>
        <source>{n} switch tier</source>
        <translation>{n} 个交换机层</translation>
    </message>
    <message>
        <source>{n} switch tiers</source>
        <translation>{n} 个交换机层</translation>
    </message>
    <message>
        <source>{n} link bundle</source>
        <translation>{n} 条链路束</translation>
    </message>
    <message>
        <source>{n} link bundles</source>
        <translation>{n} 条链路束</translation>
    </message>
    <message>
        <source>{n} element</source>
        <translation>{n} 个元素</translation>
    </message>
    <message>
        <source>{n} elements</source>
        <translation>{n} 个元素</translation>
    </message>
    <message>
        <source>{n} rack</source>
        <translation>{n} 个机柜</translation>
    </message>
    <message>
        <source>{n} racks</source>
        <translation>{n} 个机柜</translation>
    </message>
    <message>
        <source>{n} group</source>
        <translation>{n} 组</translation>
    </message>
    <message>
        <source>{n} groups</source>
        <translation>{n} 组</translation>
    </message>
    <message>
        <source>spread</source>
        <translation>分散</translation>
    </message>
    <message>
        <source>rail</source>
        <translation>轨道优化</translation>
    </message>
    <message>
        <source>rack</source>
        <translation>机柜级</translation>
    </message>
    <message>
        <source>global</source>
        <translation>全局</translation>
    </message>
    <message>
        <source>backend</source>
        <translation>后端</translation>
    </message>
    <message>
        <source>frontend</source>
        <translation>前端</translation>
    </message>
    <message>
        <source>storage</source>
        <translation>存储</translation>
    </message>
    <message>
        <source>leaf</source>
        <translation>叶（Leaf）</translation>
    </message>
    <message>
        <source>spine</source>
        <translation>脊（Spine）</translation>
    </message>
    <message>
        <source>aggregation</source>
        <translation>汇聚</translation>
    </message>
    <message>
        <source>core</source>
        <translation>核心</translation>
    </message>
    <message>
        <source>super-spine</source>
        <translation>超级脊（Super-spine）</translation>
    </message>
    <message>
        <source>campus</source>
        <translation>园区</translation>
    </message>
    <message>
        <source>air</source>
        <translation>风冷</translation>
    </message>
    <message>
        <source>liquid</source>
        <translation>液冷</translation>
    </message>
    <message>
        <source> % of IT</source>
        <translation> %（占 IT）</translation>
    </message>
    <message>
        <source> per US$</source>
        <translation> 每美元</translation>
    </message>
    <message>
        <source>on</source>
        <translation>开</translation>
    </message>
    <message>
        <source>off</source>
        <translation>关</translation>
    </message>
    <message>
        <source>yes</source>
        <translation>是</translation>
    </message>
    <message>
        <source>no</source>
        <translation>否</translation>
    </message>
    <message>
        <source>{field}: {value}</source>
        <translation>{field}：{value}</translation>
    </message>
    <message>
        <source>; </source>
        <translation>；</translation>
    </message>
    <message>
        <source>{n} items</source>
        <translation>{n} 项</translation>
    </message>
    <message>
        <source>{shown} … (+{more} more)</source>
        <translation>{shown} …（另有 {more} 项）</translation>
    </message>
    <message>
        <source>{first} and {last}</source>
        <translation>{first}和{last}</translation>
    </message>
    <message>
        <source>, </source>
        <translation>、</translation>
    </message>
    <message>
        <source>Move {name}</source>
        <translation>移动 {name}</translation>
    </message>
    <message>
        <source>Rename {name} to {new}</source>
        <translation>将 {name} 重命名为 {new}</translation>
    </message>
    <message>
        <source>Change {fields} of {name} to {value}</source>
        <translation>将 {name} 的{fields}改为 {value}</translation>
    </message>
    <message>
        <source>Change {fields} of {name}</source>
        <translation>修改 {name} 的{fields}</translation>
    </message>
    <message>
        <source>Change {fields} to {value}</source>
        <translation>将{fields}改为 {value}</translation>
    </message>
    <message>
        <source>Change {fields}</source>
        <translation>修改{fields}</translation>
    </message>
</context>
</TS>
