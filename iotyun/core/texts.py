"""The text catalogue besides the errors: spreadsheet column titles and words, mails, and the names stored for default
rows, each in zh and en, chosen by the caller's language as the error texts are (core/errors.py)."""

# The catalogue is a table, one key per line, so it reads and greps as one; wide CJK texts pass the line limit.

from typing import Annotated

from pydantic import PlainSerializer

from iotyun.core.context import lang_var

# fmt: off
TEXTS: dict[str, tuple[str, str]] = {
    # Mails.
    "mail.code.subject": ("iotyun 验证码", "iotyun verification code"),
    "mail.code.body": ("您的验证码是 {code}，{minutes} 分钟内有效。如非本人操作，请忽略本邮件。", "Your verification code is {code}. It is valid for {minutes} minutes. If you did not ask for it, ignore this mail."),
    # Alarm notifications by email, SMS and WeChat (notifications/), in the rule writer's language.
    "notify.alarm.produced.subject": ("【告警】{device} {name}", "[Alarm] {device}: {name}"),
    "notify.alarm.recovered.subject": ("【恢复】{device} {name}", "[Recovered] {device}: {name}"),
    "notify.alarm.confirmed.subject": ("【已确认】{device} {name}", "[Confirmed] {device}: {name}"),
    "notify.alarm.escalated.subject": ("【升级】{device} {name}：{minutes} 分钟未确认", "[Escalated] {device}: {name}, unconfirmed for {minutes} min"),
    "notify.alarm.escalated.body": ("{device}（{sn}）{source} 的 {level} 级告警“{name}”自 {time} 起已 {minutes} 分钟无人确认，请处理。{info}", "{device} ({sn}) {source}: the level {level} alarm \"{name}\" has been unconfirmed since {time} ({minutes} min). Please act. {info}"),
    "notify.alarm.digest.subject": ("【告警汇总】{rule}：1 分钟内又有 {count} 条告警", "[Alarm digest] {rule}: {count} more alarms within a minute"),
    "notify.alarm.produced.body": ("{device}（{sn}）{source} 发生 {level} 级告警“{name}”，当前值 {value}，时间 {time}。{info}", "{device} ({sn}) {source}: level {level} alarm \"{name}\", value {value}, at {time}. {info}"),
    "notify.alarm.recovered.body": ("{device}（{sn}）{source} 的告警“{name}”已于 {time} 恢复。", "{device} ({sn}) {source}: the alarm \"{name}\" recovered at {time}."),
    "notify.alarm.confirmed.body": ("{device}（{sn}）{source} 的告警“{name}”已由 {user} 于 {time} 确认。{note}", "{device} ({sn}) {source}: the alarm \"{name}\" was confirmed by {user} at {time}. {note}"),
    # Names stored for the rows the server makes itself, in the language of the request that makes them (the console
    # recognises them by is_default / is_main, not by the name).
    "name.default_group": ("默认分组", "Default"),
    "name.main_screen": ("主画面", "Main screen"),
    "name.copy_suffix": (" 副本", " copy"),
    # The system gallery's classifications (resources/), named in the reader's language (ten characters at most).
    "name.gallery.icons": ("图标", "Icons"),
    "name.gallery.buttons": ("按钮", "Buttons"),
    "name.gallery.equipment": ("设备", "Equipment"),
    "name.gallery.backgrounds": ("背景", "Background"),
    # A user's uncategorised bucket: where an upload naming no classification lands (issue 30 point 7).
    "name.gallery.uncategorised": ("未分类", "Uncategorised"),
    # The system gallery's images (resources/system_gallery.py), named in the reader's language (twenty characters at
    # most).
    "name.gallery_image.bg_tech_blue": ("科技蓝面板", "Tech blue panel"),
    "name.gallery_image.bg_tech_frame": ("科技边框", "Tech frame"),
    "name.gallery_image.bg_deep_navy": ("深蓝渐变", "Deep navy gradient"),
    "name.gallery_image.bg_blueprint": ("蓝图网格", "Blueprint grid"),
    "name.gallery_image.bg_dot_matrix": ("暗色点阵", "Dark dot matrix"),
    "name.gallery_image.bg_slate": ("石板灰渐变", "Slate gradient"),
    "name.gallery_image.bg_teal": ("青蓝渐变", "Teal gradient"),
    "name.gallery_image.bg_light_grid": ("浅色网格", "Light grid"),
    "name.gallery_image.bg_light_blue": ("浅蓝渐变", "Light blue gradient"),
    "name.gallery_image.bg_plant_floor": ("厂区平面", "Plant floor plan"),
    "name.gallery_image.eq_tank": ("储罐", "Storage tank"),
    "name.gallery_image.eq_pump": ("离心泵", "Centrifugal pump"),
    "name.gallery_image.eq_valve": ("阀门", "Valve"),
    "name.gallery_image.eq_motor": ("电机", "Motor"),
    "name.gallery_image.eq_fan": ("风机", "Fan"),
    "name.gallery_image.icon_run": ("运行指示灯", "Running light"),
    "name.gallery_image.icon_warning": ("警告指示灯", "Warning light"),
    "name.gallery_image.icon_fault": ("故障指示灯", "Fault light"),
    "name.gallery_image.btn_start": ("启动按钮", "Start button"),
    "name.gallery_image.btn_stop": ("停止按钮", "Stop button"),
    # Device spreadsheets (import template and list export).
    "sheet.device.sn_code": ("SN码", "SN"),
    "sheet.device.secret": ("密钥", "Secret"),
    "sheet.device.alias": ("别名", "Alias"),
    "sheet.device.group": ("分组", "Group"),
    "sheet.device.group_name": ("分组", "Group"),
    "sheet.device.dev_model": ("型号", "Model"),
    "sheet.device.firmware_version": ("固件版本", "Firmware"),
    "sheet.device.registered": ("已注册", "Registered"),
    "sheet.device.dev_state": ("在线状态", "State"),
    "sheet.device.ip": ("IP", "IP"),
    "sheet.device.report_time": ("最后上报时间", "Last report"),
    "sheet.device.vpn_state": ("VPN", "VPN"),
    "sheet.device.flow_card": ("流量卡", "Flow card"),
    "sheet.device.address": ("地址", "Address"),
    "sheet.device.area_name": ("地区", "Area"),
    "sheet.device.contact_name": ("联系人", "Contact"),
    "sheet.device.contact_phone": ("联系电话", "Phone"),
    "sheet.device.contact_email": ("邮箱", "Email"),
    "sheet.device.site_type": ("站点类型", "Site type"),
    "sheet.device.owner_name": ("所有者", "Owner"),
    "sheet.device.created_at": ("创建时间", "Created"),
    "sheet.yes": ("是", "Yes"),
    "sheet.no": ("否", "No"),
    "sheet.online": ("在线", "Online"),
    "sheet.offline": ("离线", "Offline"),
    "sheet.on": ("开启", "On"),
    "sheet.off": ("关闭", "Off"),
    # Data-source spreadsheets: the en titles are the field names (docs/api-templates.md "Import/export columns").
    "sheet.data_source.name": ("名称", "name"),
    "sheet.data_source.group": ("分组", "group"),
    "sheet.data_source.data_type": ("数据类型", "data_type"),
    "sheet.data_source.area": ("寄存器区", "area"),
    "sheet.data_source.address": ("地址", "address"),
    "sheet.data_source.bit_index": ("位", "bit_index"),
    "sheet.data_source.byte_order": ("字节序", "byte_order"),
    "sheet.data_source.word_order": ("字序", "word_order"),
    "sheet.data_source.string_length": ("字符长度", "string_length"),
    "sheet.data_source.rw": ("读写", "rw"),
    "sheet.data_source.scale": ("倍率", "scale"),
    "sheet.data_source.offset": ("偏移", "offset"),
    "sheet.data_source.unit": ("单位", "unit"),
    "sheet.data_source.decimals": ("小数位", "decimals"),
    "sheet.data_source.min_value": ("最小值", "min_value"),
    "sheet.data_source.max_value": ("最大值", "max_value"),
    "sheet.data_source.history": ("历史记录", "history"),
    "sheet.data_source.history_interval_s": ("记录间隔", "history_interval_s"),
    "sheet.data_source.aggregate": ("聚合", "aggregate"),
    "sheet.data_source.faults": ("报警", "faults"),
    "sheet.data_source.device_sn": ("设备SN", "device_sn"),
    # History export.
    "sheet.history.time": ("时间", "Time"),
    # Report exports (reports/table.py, reports/exports/): the table view's columns, sheet names, job titles, mails.
    "sheet.report.time": ("时间", "Time"),
    "report.alarm_level": ("{level} 级", "Level {level}"),
    "report.online": ("在线", "Online"),
    "report.offline": ("离线", "Offline"),
    "report.no_group": ("未分组", "No group"),
    "sheet.report.category": ("名称", "Name"),
    "sheet.report.min": ("{name} 最小值", "{name} min"),
    "sheet.report.max": ("{name} 最大值", "{name} max"),
    "sheet.report.data": ("数据", "Data"),
    "export.title.history": ("{device} 历史数据", "{device} history"),
    "export.title.data": ("{title} 数据", "{title} data"),
    "mail.report.subject": ("定时报表：{title}（{period}）", "Scheduled report: {title} ({period})"),
    "mail.report.body": ("您好，附件是报表“{title}”在 {period} 的数据。本邮件由系统自动发送。", "Hello, attached is the report \"{title}\" for {period}. This mail was sent automatically."),
    "mail.verify.subject": ("iotyun 邮箱验证", "iotyun address verification"),
    "mail.verify.body": ("您好，iotyun 用户 {requester} 希望通过 iotyun 向本邮箱发送定时报表等通知邮件。如同意，请在 {hours} 小时内打开以下链接确认：\n\n{link}\n\n如不同意，请忽略本邮件，本邮箱不会收到其通知。", "Hello, The iotyun user {requester} would like iotyun to send scheduled reports and other notifications to this address. If you agree, open this link within {hours} hours to confirm:\n\n{link}\n\nIf not, ignore this mail and this address will receive none of their notifications."),
}
# fmt: on


def is_english(lang: str | None = None) -> bool:
    """Whether `lang` (the caller's language when None) is English; anything else reads zh, the default."""
    return (lang if lang is not None else lang_var.get()).lower().startswith("en")


def phrase(key: str, lang: str | None = None, **params: object) -> str:
    """The text of `key` in `lang` (the caller's language when None), its placeholders filled from params."""
    zh, en = TEXTS[key]
    template = en if is_english(lang) else zh
    return template.format(**params) if params else template


def both(key: str) -> tuple[str, str]:
    """The zh and en texts of `key` (an import accepts either title; a lookup of a stored name tries either)."""
    return TEXTS[key]


# The names the server stores for rows it makes itself, in either language, by the text they were stored as.
_STORED_NAMES = {text: key for key in ("name.default_group", "name.main_screen") for text in TEXTS[key]}


def shown_name(name: str) -> str:
    """A name as the caller reads it: one the server stored for a row it made (a default group, a main screen) in
    the caller's language, whichever language made the row; any other name as it is. A user who renames the row gets
    their name shown."""
    key = _STORED_NAMES.get(name)
    return phrase(key) if key else name


# An output field holding such a name (a group's, a screen's): translated when the answer is written.
ShownName = Annotated[str, PlainSerializer(shown_name, return_type=str)]
