prompt running inc/define_me.sql with argument &1
define from_script = &1
