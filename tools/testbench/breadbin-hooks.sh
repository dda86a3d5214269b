# breadbin target for the VICE test bench (VICE-testprogs, testbench/testbench.sh).
#
# Install: copy this file into the collection's testbench/ folder, add the line
#     source "./breadbin-hooks.sh"
# beside the other hook files in testbench.sh, add `breadbin` to its list of targets
# (function checktarget), copy c64-testlist.in to breadbin-testlist.txt, and run
#     EMUDIR=/path/to/breadbin/target/release/ ./testbench.sh breadbin
# breadbin itself runs the same programs faster with `breadbin testbench DIR`.
#
# breadbin is a PAL C64 with a 6569 VIC-II, old 6526 CIAs and a 6581 SID, nothing
# attached: runs that need a disk, a cartridge, an REU/GeoRAM, NTSC or new chips are
# reported as such and fail.

BREADBINOPTS=""
# BREADBINOPTS+=" --roms /path/to/genuine/roms"   # genuine images instead of the open ROMs

# Top-left pixel of the text screen in breadbin's 384x272 screenshots (PAL).
BREADBINSXO=32
BREADBINSYO=35
BREADBINREFSXO=32
BREADBINREFSYO=35

function breadbin_check_environment
{
    BREADBIN="$EMUDIR"breadbin
    if ! [ -x "$(command -v $BREADBIN)" ]; then
        echo 'Error: '$BREADBIN' not found (set EMUDIR to the folder holding it).' >&2
        exit 1
    fi
    emu_default_videosubtype="6569"
}

# $1  option of the test list
# $2  test path
function breadbin_get_options
{
    exitoptions=""
    case "$1" in
        "default" | "vicii-pal" | "vicii-old" | "cia-old" | "sid-old")
            case "$1" in
                "vicii-pal") testprogvideotype="PAL" ;;
                "cia-old") new_cia_enabled=0 ;;
                "sid-old") new_sid_enabled=0 ;;
            esac
            ;;
        "vicii-ntsc") testprogvideotype="NTSC" ;;
        "vicii-ntscold") testprogvideotype="NTSCOLD" ;;
        "cia-new") new_cia_enabled=1 ;;
        "sid-new") new_sid_enabled=1 ;;
        *)
            # Disks, cartridges and memory expansions are not emulated: the run goes
            # ahead without them and its result says so.
            if [ "${1:0:5}" == "mount" ]; then
                echo -ne "(${1#mount}: not attached) "
            fi
            ;;
    esac
}

# $1  option given to testbench.sh (PAL, NTSC, 6526, ...): nothing to add.
function breadbin_get_cmdline_options
{
    exitoptions=""
}

function breadbin_prepare
{
    true
}

# breadbin's exit status -> the bench's: 0 pass, 255 fail, 1 timeout. breadbin exits with
# the value written to $D7FF, 124 when the limit came first, 3 when the CPU jammed (the
# machine hangs: a timeout too), 1 or 2 for a bad file or argument.
function breadbin_exit_status
{
    case "$1" in
        124 | 3) exitcode=1 ;;
        *) exitcode=$1 ;;
    esac
}

# $1  test path
# $2  test program name
# $3  timeout cycles
# $4  test full path+name (may be empty)
# $5- extra options for the emulator
function breadbin_run_exitcode
{
    if [ "$verbose" == "1" ]; then
        echo $BREADBIN run --headless $BREADBINOPTS ${@:5} --exit-on-d7ff --cycles "$3" "$4"
    fi
    $BREADBIN run --headless $BREADBINOPTS ${@:5} --exit-on-d7ff --cycles "$3" "$4" 1> /dev/null 2> /dev/null
    breadbin_exit_status $?
}

# Same as above, then compare the screenshot taken at the end with the reference.
function breadbin_run_screenshot
{
    if [ "$2" == "" ] ; then
        screenshottest="$mounted_crt"
    else
        screenshottest="$2"
    fi
    mkdir -p "$1"/".testbench"
    shot="$1"/.testbench/"$screenshottest"-breadbin.png
    rm -f "$shot"
    $BREADBIN run --headless $BREADBINOPTS ${@:5} --exit-on-d7ff --cycles "$3" --screenshot "$shot" "$4" 1> /dev/null 2> /dev/null
    breadbin_exit_status $?
    if [ $exitcode -eq 0 ] || [ $exitcode -eq 255 ] || [ $exitcode -eq 1 ]; then
        if [ -f "$refscreenshotname" ]; then
            ./cmpscreens "$refscreenshotname" "$BREADBINREFSXO" "$BREADBINREFSYO" "$shot" "$BREADBINSXO" "$BREADBINSYO"
            exitcode=$?
        else
            echo -ne "reference screenshot missing - "
            exitcode=255
        fi
    fi
}
