<?xml version="1.0" encoding="UTF-8"?>
<signature xmlns="urn:skel:signature" version="1">
 <application ranks="2" mpi-library="MPICH Version:&#9;4.0.2" tracer="0.1.0">
  <arg>/app/mprobe</arg>
  <arg>-i</arg>
  <arg>9</arg>
  <arg>-n</arg>
  <arg>64</arg>
 </application>
 <compression threshold="0" max-threshold="0.2" scale="3" ratio="1.0642201834862386" trace-length="116" signature-length="109" messages-matched="18"/>
 <sites>
  <site id="0" module="/app/mprobe" offset="4625" function="main" file="/app/x" line="17"/>
  <site id="1" module="/app/mprobe" offset="5124" function="irr_clock" file="/app/x" line="36"/>
  <site id="2" module="/app/mprobe" offset="5406" function="main" file="/app/x" line="35"/>
  <site id="3" module="/app/mprobe" offset="5450" function="main" file="/app/x" line="39"/>
  <site id="4" module="/app/mprobe" offset="5567" function="main" file="/app/x" line="48"/>
  <site id="5" module="/app/mprobe" offset="5693" function="main" file="/app/x" line="60"/>
  <site id="6" module="/app/mprobe" offset="5739" function="main" file="/app/x" line="65"/>
  <site id="7" module="/app/mprobe" offset="6258" function="main" file="/app/x" line="45"/>
  <site id="8" module="/app/mprobe" offset="6423" function="main" file="/app/x" line="57"/>
  <site id="9" module="/app/mprobe" offset="6436" function="main" file="/app/x" line="58"/>
  <site id="10" module="/app/mprobe" offset="5855" function="irr_clock" file="/app/x" line="36"/>
  <site id="11" module="/app/mprobe" offset="5917" function="main" file="/app/x" line="70"/>
  <site id="12" module="/app/mprobe" offset="6006" function="main" file="/app/x" line="80"/>
 </sites>
 <comms>
  <comm id="0" gid="0" members="0 1"/>
 </comms>
 <ranks>
  <rank id="0" class="0" events="62" time-ns="45525464" compute-ns="439809" mpi-ns="35742030" per-event-ns="0" comms="0 -"/>
  <rank id="1" class="1" events="54" time-ns="45156976" compute-ns="426018" mpi-ns="39417296" per-event-ns="0" comms="0 -"/>
 </ranks>
 <class id="0" ranks="0" program="0" events="55" length="55" time-ns="45525464">
  <symbol id="0" call="MPI_Init" comm="0" site="0" occurrences="1">
   <side role="member" events="1" count="0"/>
   <compute min="7061" max="7061"/>
   <duration min="35523538" max="35523538"/>
  </symbol>
  <symbol id="1" call="MPI_Barrier" comm="0" site="1" prev-site="0" occurrences="1">
   <side role="member" events="1" count="0"/>
   <compute min="7060" max="7060"/>
   <duration min="10646" max="10646"/>
  </symbol>
  <symbol id="2" call="MPI_Isend" comm="0" tag="7" dtsize="8" site="2" prev-site="1" occurrences="1" match="0">
   <peer kind="rel" value="1"/>
   <side role="member" events="1" count="10" bytes="80"/>
   <compute min="11127" max="11127"/>
   <duration min="2674" max="2674"/>
  </symbol>
  <symbol id="3" call="MPI_Improbe" comm="0" tag="99" site="3" prev-site="2" occurrences="9">
   <peer kind="any"/>
   <side role="member" events="9" count="0"/>
   <compute mean="2239.1111111111113" min="230" max="17356" buckets="389:1 390:1 400:1 408:1 414:1 422:1 449:1 454:1 702:1"/>
   <duration mean="7857.222222222223" min="51" max="69543" buckets="279:1 304:1 320:1 343:1 362:1 366:1 374:1 412:1 803:1"/>
  </symbol>
  <symbol id="4" call="MPI_Mprobe" comm="0" tag="7" site="4" prev-site="3" occurrences="1" match="1">
   <peer kind="any"/>
   <side role="member" events="1" count="0" rbytes="80"/>
   <compute min="2564" max="2564"/>
   <duration min="1322" max="1322"/>
  </symbol>
  <symbol id="5" call="MPI_Mrecv" comm="0" dtsize="8" site="5" prev-site="4" occurrences="1">
   <side role="member" events="1" count="10" bytes="80" rbytes="80"/>
   <compute min="3155" max="3155"/>
   <duration min="3685" max="3685"/>
  </symbol>
  <symbol id="6" call="MPI_Wait" comm="0" site="6" prev-site="5" occurrences="6">
   <side role="member" events="6" count="0"/>
   <link dist="1" index="0" call="MPI_Isend"/>
   <compute mean="383.8333333333333" min="110" max="1422" buckets="335:1 343:1 378:1 385:1 390:1 519:1"/>
   <duration mean="986.5" min="30" max="5649" buckets="243:1 278:2 304:2 618:1"/>
  </symbol>
  <symbol id="7" call="MPI_Isend" comm="0" tag="7" dtsize="8" site="2" prev-site="6" occurrences="1" match="2">
   <peer kind="reply"/>
   <side role="member" events="1" count="43" bytes="344"/>
   <compute min="34611" max="34611"/>
   <compute-cpu min="33529" max="33529"/>
   <duration min="6640" max="6640"/>
  </symbol>
  <symbol id="8" call="MPI_Mprobe" comm="0" tag="7" site="4" prev-site="3" occurrences="1" match="3">
   <peer kind="any"/>
   <side role="member" events="1" count="0" rbytes="344"/>
   <compute min="201" max="201"/>
   <duration min="47981" max="47981"/>
  </symbol>
  <symbol id="9" call="MPI_Mrecv" comm="0" dtsize="8" site="5" prev-site="4" occurrences="1">
   <side role="member" events="1" count="43" bytes="344" rbytes="344"/>
   <compute min="481" max="481"/>
   <duration min="2053" max="2053"/>
  </symbol>
  <symbol id="10" call="MPI_Isend" comm="0" tag="7" dtsize="8" site="2" prev-site="6" occurrences="1" match="4">
   <peer kind="reply"/>
   <side role="member" events="1" count="26" bytes="208"/>
   <compute min="33821" max="33821"/>
   <compute-cpu min="32669" max="32669"/>
   <duration min="2423" max="2423"/>
  </symbol>
  <symbol id="11" call="MPI_Improbe" comm="0" tag="7" site="7" prev-site="3" occurrences="2">
   <peer kind="any"/>
   <side role="member" events="2" count="0"/>
   <compute min="1682" max="1733"/>
   <duration min="70" max="100"/>
  </symbol>
  <symbol id="12" call="MPI_Improbe" comm="0" tag="7" site="7" prev-site="7" occurrences="1" polls="2" match="5">
   <peer kind="any"/>
   <side role="member" flags="true" events="1" count="0" rbytes="208"/>
   <compute min="5479" max="5479"/>
   <duration min="80" max="80"/>
  </symbol>
  <symbol id="13" call="MPI_Imrecv" comm="0" dtsize="8" site="8" prev-site="7" occurrences="1">
   <side role="member" events="1" count="26" bytes="208"/>
   <compute min="1121" max="1121"/>
   <duration min="2805" max="2805"/>
  </symbol>
  <symbol id="14" call="MPI_Wait" comm="0" site="9" prev-site="8" occurrences="3">
   <side role="member" events="3" count="0"/>
   <link dist="1" index="0" call="MPI_Imrecv"/>
   <compute mean="293.6666666666667" min="170" max="510" buckets="366:1 378:1 449:1"/>
   <duration mean="67" min="20" max="111" buckets="212:1 304:1 336:1"/>
  </symbol>
  <symbol id="15" call="MPI_Wait" comm="0" site="6" prev-site="9" occurrences="3">
   <side role="member" events="3" count="0"/>
   <link dist="2" index="0" call="MPI_Isend"/>
   <compute mean="263.3333333333333" min="150" max="340" buckets="358:1 408:1 416:1"/>
   <duration mean="43.333333333333336" min="10" max="70" buckets="162:1 278:1 304:1"/>
  </symbol>
  <symbol id="16" call="MPI_Isend" comm="0" tag="7" dtsize="8" site="2" prev-site="6" occurrences="1" match="6">
   <peer kind="reply"/>
   <side role="member" events="1" count="40" bytes="320"/>
   <compute min="38177" max="38177"/>
   <compute-cpu min="37095" max="37095"/>
   <duration min="2844" max="2844"/>
  </symbol>
  <symbol id="17" call="MPI_Mprobe" comm="0" tag="7" site="4" prev-site="3" occurrences="1" match="7">
   <peer kind="any"/>
   <side role="member" events="1" count="0" rbytes="320"/>
   <compute min="341" max="341"/>
   <duration min="70" max="70"/>
  </symbol>
  <symbol id="18" call="MPI_Mrecv" comm="0" dtsize="8" site="5" prev-site="4" occurrences="1">
   <side role="member" events="1" count="40" bytes="320" rbytes="320"/>
   <compute min="240" max="240"/>
   <duration min="2193" max="2193"/>
  </symbol>
  <symbol id="19" call="MPI_Isend" comm="0" tag="7" dtsize="8" site="2" prev-site="6" occurrences="1" match="8">
   <peer kind="reply"/>
   <side role="member" events="1" count="13" bytes="104"/>
   <compute min="33600" max="33600"/>
   <compute-cpu min="32799" max="32799"/>
   <duration min="2273" max="2273"/>
  </symbol>
  <symbol id="20" call="MPI_Mprobe" comm="0" tag="7" site="4" prev-site="3" occurrences="1" match="9">
   <peer kind="any"/>
   <side role="member" events="1" count="0" rbytes="104"/>
   <compute min="150" max="150"/>
   <duration min="50" max="50"/>
  </symbol>
  <symbol id="21" call="MPI_Mrecv" comm="0" dtsize="8" site="5" prev-site="4" occurrences="1">
   <side role="member" events="1" count="13" bytes="104" rbytes="104"/>
   <compute min="141" max="141"/>
   <duration min="90" max="90"/>
  </symbol>
  <symbol id="22" call="MPI_Isend" comm="0" tag="7" dtsize="8" site="2" prev-site="6" occurrences="1" match="10">
   <peer kind="reply"/>
   <side role="member" events="1" count="20" bytes="160"/>
   <compute min="65227" max="65227"/>
   <compute-cpu min="64116" max="64116"/>
   <duration min="3185" max="3185"/>
  </symbol>
  <symbol id="23" call="MPI_Improbe" comm="0" tag="7" site="7" prev-site="7" occurrences="1" polls="5" match="11">
   <peer kind="any"/>
   <side role="member" flags="true" events="1" count="0" rbytes="160"/>
   <compute min="10686" max="10686"/>
   <duration min="60" max="60"/>
  </symbol>
  <symbol id="24" call="MPI_Imrecv" comm="0" dtsize="8" site="8" prev-site="7" occurrences="1">
   <side role="member" events="1" count="20" bytes="160"/>
   <compute min="230" max="230"/>
   <duration min="160" max="160"/>
  </symbol>
  <symbol id="25" call="MPI_Isend" comm="0" tag="7" dtsize="8" site="2" prev-site="6" occurrences="1" match="12">
   <peer kind="reply"/>
   <side role="member" events="1" count="7" bytes="56"/>
   <compute min="33330" max="33330"/>
   <compute-cpu min="32519" max="32519"/>
   <duration min="140" max="140"/>
  </symbol>
  <symbol id="26" call="MPI_Mprobe" comm="0" tag="7" site="4" prev-site="3" occurrences="1" match="13">
   <peer kind="any"/>
   <side role="member" events="1" count="0" rbytes="56"/>
   <compute min="100" max="100"/>
   <duration min="3235" max="3235"/>
  </symbol>
  <symbol id="27" call="MPI_Mrecv" comm="0" dtsize="8" site="5" prev-site="4" occurrences="1">
   <side role="member" events="1" count="7" bytes="56" rbytes="56"/>
   <compute min="130" max="130"/>
   <duration min="591" max="591"/>
  </symbol>
  <symbol id="28" call="MPI_Isend" comm="0" tag="7" dtsize="8" site="2" prev-site="6" occurrences="1" match="14">
   <peer kind="reply"/>
   <side role="member" events="1" count="18" bytes="144"/>
   <compute min="35383" max="35383"/>
   <compute-cpu min="34642" max="34642"/>
   <duration min="2223" max="2223"/>
  </symbol>
  <symbol id="29" call="MPI_Mprobe" comm="0" tag="7" site="4" prev-site="3" occurrences="1" match="15">
   <peer kind="any"/>
   <side role="member" events="1" count="0" rbytes="144"/>
   <compute min="90" max="90"/>
   <duration min="781" max="781"/>
  </symbol>
  <symbol id="30" call="MPI_Mrecv" comm="0" dtsize="8" site="5" prev-site="4" occurrences="1">
   <side role="member" events="1" count="18" bytes="144" rbytes="144"/>
   <compute min="180" max="180"/>
   <duration min="70" max="70"/>
  </symbol>
  <symbol id="31" call="MPI_Isend" comm="0" tag="7" dtsize="8" site="2" prev-site="6" occurrences="1" match="16">
   <peer kind="reply"/>
   <side role="member" events="1" count="11" bytes="88"/>
   <compute min="33290" max="33290"/>
   <compute-cpu min="32519" max="32519"/>
   <duration min="2794" max="2794"/>
  </symbol>
  <symbol id="32" call="MPI_Improbe" comm="0" tag="7" site="7" prev-site="3" occurrences="1" match="17">
   <peer kind="any"/>
   <side role="member" flags="true" events="1" count="0" rbytes="88"/>
   <compute min="1642" max="1642"/>
   <duration min="70" max="70"/>
  </symbol>
  <symbol id="33" call="MPI_Imrecv" comm="0" dtsize="8" site="8" prev-site="7" occurrences="1">
   <side role="member" events="1" count="11" bytes="88"/>
   <compute min="221" max="221"/>
   <duration min="120" max="120"/>
  </symbol>
  <symbol id="34" call="MPI_Barrier" comm="0" site="10" prev-site="6" occurrences="1">
   <side role="member" events="1" count="0"/>
   <compute min="33270" max="33270"/>
   <compute-cpu min="32509" max="32509"/>
   <duration min="3044" max="3044"/>
  </symbol>
  <symbol id="35" call="MPI_Reduce" comm="0" dtsize="8" op="MPI_SUM" site="11" prev-site="10" occurrences="1">
   <root kind="abs" value="0"/>
   <side role="root" events="1" count="1" bytes="8" rbytes="8"/>
   <compute min="1713" max="1713"/>
   <duration min="37055" max="37055"/>
  </symbol>
  <symbol id="36" call="MPI_Finalize" comm="0" site="12" prev-site="11" occurrences="1">
   <side role="member" events="1" count="0"/>
   <compute min="17446" max="17446"/>
   <duration min="0" max="0"/>
  </symbol>
  <block id="0" events="55" time-ns="658301.0000000002">
   <s ref="0"/>
   <s ref="1"/>
   <s ref="2"/>
   <s ref="3"/>
   <s ref="4"/>
   <s ref="5"/>
   <s ref="6"/>
   <s ref="7"/>
   <s ref="3"/>
   <s ref="8"/>
   <s ref="9"/>
   <s ref="6"/>
   <s ref="10"/>
   <s ref="3"/>
   <s ref="11"/>
   <s ref="12"/>
   <s ref="13"/>
   <s ref="14"/>
   <s ref="15"/>
   <s ref="16"/>
   <s ref="3"/>
   <s ref="17"/>
   <s ref="18"/>
   <s ref="6"/>
   <s ref="19"/>
   <s ref="3"/>
   <s ref="20"/>
   <s ref="21"/>
   <s ref="6"/>
   <s ref="22"/>
   <s ref="3"/>
   <s ref="11"/>
   <s ref="23"/>
   <s ref="24"/>
   <s ref="14"/>
   <s ref="15"/>
   <s ref="25"/>
   <s ref="3"/>
   <s ref="26"/>
   <s ref="27"/>
   <s ref="6"/>
   <s ref="28"/>
   <s ref="3"/>
   <s ref="29"/>
   <s ref="30"/>
   <s ref="6"/>
   <s ref="31"/>
   <s ref="3"/>
   <s ref="32"/>
   <s ref="33"/>
   <s ref="14"/>
   <s ref="15"/>
   <s ref="34"/>
   <s ref="35"/>
   <s ref="36"/>
  </block>
 </class>
 <class id="1" ranks="1" program="1" events="54" length="54" time-ns="45156976">
  <symbol id="37" call="MPI_Init" comm="0" site="0" occurrences="1">
   <side role="member" events="1" count="0"/>
   <compute min="7161" max="7161"/>
   <duration min="38963914" max="38963914"/>
  </symbol>
  <symbol id="38" call="MPI_Barrier" comm="0" site="1" prev-site="0" occurrences="1">
   <side role="member" events="1" count="0"/>
   <compute min="11857" max="11857"/>
   <duration min="260163" max="260163"/>
  </symbol>
  <symbol id="39" call="MPI_Isend" comm="0" tag="7" dtsize="8" site="2" prev-site="1" occurrences="1" match="1">
   <peer kind="rel" value="-1"/>
   <side role="member" events="1" count="10" bytes="80"/>
   <compute min="10640" max="10640"/>
   <duration min="2083" max="2083"/>
  </symbol>
  <symbol id="40" call="MPI_Improbe" comm="0" tag="99" site="3" prev-site="2" occurrences="9">
   <peer kind="any"/>
   <side role="member" events="9" count="0"/>
   <compute mean="2579.3333333333335" min="250" max="19790" buckets="397:1 402:1 404:1 408:1 432:1 455:2 474:1 710:1"/>
   <duration mean="12981.555555555555" min="110" max="113279" buckets="335:2 343:1 424:1 430:1 436:1 450:1 521:1 836:1"/>
  </symbol>
  <symbol id="41" call="MPI_Mprobe" comm="0" tag="7" site="4" prev-site="3" occurrences="1" match="0">
   <peer kind="any"/>
   <side role="member" events="1" count="0" rbytes="80"/>
   <compute min="1762" max="1762"/>
   <duration min="832" max="832"/>
  </symbol>
  <symbol id="42" call="MPI_Mrecv" comm="0" dtsize="8" site="5" prev-site="4" occurrences="1">
   <side role="member" events="1" count="10" bytes="80" rbytes="80"/>
   <compute min="2644" max="2644"/>
   <duration min="2023" max="2023"/>
  </symbol>
  <symbol id="43" call="MPI_Wait" comm="0" site="6" prev-site="5" occurrences="6">
   <side role="member" events="6" count="0"/>
   <link dist="1" index="0" call="MPI_Isend"/>
   <compute mean="472.1666666666667" min="170" max="1762" buckets="366:1 378:1 385:2 400:1 536:1"/>
   <duration mean="744.3333333333334" min="50" max="4106" buckets="278:2 304:2 343:1 600:1"/>
  </symbol>
  <symbol id="44" call="MPI_Isend" comm="0" tag="7" dtsize="8" site="2" prev-site="6" occurrences="1" match="3">
   <peer kind="reply"/>
   <side role="member" events="1" count="43" bytes="344"/>
   <compute min="35583" max="35583"/>
   <compute-cpu min="33806" max="33806"/>
   <duration min="10266" max="10266"/>
  </symbol>
  <symbol id="45" call="MPI_Mprobe" comm="0" tag="7" site="4" prev-site="3" occurrences="1" match="2">
   <peer kind="any"/>
   <side role="member" events="1" count="0" rbytes="344"/>
   <compute min="681" max="681"/>
   <duration min="181" max="181"/>
  </symbol>
  <symbol id="46" call="MPI_Mrecv" comm="0" dtsize="8" site="5" prev-site="4" occurrences="1">
   <side role="member" events="1" count="43" bytes="344" rbytes="344"/>
   <compute min="350" max="350"/>
   <duration min="2935" max="2935"/>
  </symbol>
  <symbol id="47" call="MPI_Isend" comm="0" tag="7" dtsize="8" site="2" prev-site="6" occurrences="1" match="5">
   <peer kind="reply"/>
   <side role="member" events="1" count="26" bytes="208"/>
   <compute min="33911" max="33911"/>
   <compute-cpu min="32819" max="32819"/>
   <duration min="7421" max="7421"/>
  </symbol>
  <symbol id="48" call="MPI_Improbe" comm="0" tag="7" site="7" prev-site="3" occurrences="1" match="4">
   <peer kind="any"/>
   <side role="member" flags="true" events="1" count="0" rbytes="208"/>
   <compute min="1803" max="1803"/>
   <duration min="110" max="110"/>
  </symbol>
  <symbol id="49" call="MPI_Imrecv" comm="0" dtsize="8" site="8" prev-site="7" occurrences="1">
   <side role="member" events="1" count="26" bytes="208"/>
   <compute min="1252" max="1252"/>
   <duration min="1002" max="1002"/>
  </symbol>
  <symbol id="50" call="MPI_Wait" comm="0" site="9" prev-site="8" occurrences="3">
   <side role="member" events="3" count="0"/>
   <link dist="1" index="0" call="MPI_Imrecv"/>
   <compute mean="414" min="190" max="741" buckets="374:1 410:1 472:1"/>
   <duration mean="113.33333333333333" min="80" max="140" buckets="312:1 343:1 354:1"/>
  </symbol>
  <symbol id="51" call="MPI_Wait" comm="0" site="6" prev-site="9" occurrences="3">
   <side role="member" events="3" count="0"/>
   <link dist="2" index="0" call="MPI_Isend"/>
   <compute mean="387.3333333333333" min="190" max="531" buckets="374:1 436:1 451:1"/>
   <duration mean="46.666666666666664" min="30" max="70" buckets="243:1 262:1 304:1"/>
  </symbol>
  <symbol id="52" call="MPI_Isend" comm="0" tag="7" dtsize="8" site="2" prev-site="6" occurrences="1" match="7">
   <peer kind="reply"/>
   <side role="member" events="1" count="40" bytes="320"/>
   <compute min="33670" max="33670"/>
   <compute-cpu min="32758" max="32758"/>
   <duration min="6880" max="6880"/>
  </symbol>
  <symbol id="53" call="MPI_Mprobe" comm="0" tag="7" site="4" prev-site="3" occurrences="1" match="6">
   <peer kind="any"/>
   <side role="member" events="1" count="0" rbytes="320"/>
   <compute min="190" max="190"/>
   <duration min="871" max="871"/>
  </symbol>
  <symbol id="54" call="MPI_Mrecv" comm="0" dtsize="8" site="5" prev-site="4" occurrences="1">
   <side role="member" events="1" count="40" bytes="320" rbytes="320"/>
   <compute min="301" max="301"/>
   <duration min="230" max="230"/>
  </symbol>
  <symbol id="55" call="MPI_Isend" comm="0" tag="7" dtsize="8" site="2" prev-site="6" occurrences="1" match="9">
   <peer kind="reply"/>
   <side role="member" events="1" count="13" bytes="104"/>
   <compute min="33591" max="33591"/>
   <compute-cpu min="32699" max="32699"/>
   <duration min="2854" max="2854"/>
  </symbol>
  <symbol id="56" call="MPI_Mprobe" comm="0" tag="7" site="4" prev-site="3" occurrences="1" match="8">
   <peer kind="any"/>
   <side role="member" events="1" count="0" rbytes="104"/>
   <compute min="120" max="120"/>
   <duration min="2114" max="2114"/>
  </symbol>
  <symbol id="57" call="MPI_Mrecv" comm="0" dtsize="8" site="5" prev-site="4" occurrences="1">
   <side role="member" events="1" count="13" bytes="104" rbytes="104"/>
   <compute min="300" max="300"/>
   <duration min="240" max="240"/>
  </symbol>
  <symbol id="58" call="MPI_Isend" comm="0" tag="7" dtsize="8" site="2" prev-site="6" occurrences="1" match="11">
   <peer kind="reply"/>
   <side role="member" events="1" count="20" bytes="160"/>
   <compute min="75302" max="75302"/>
   <compute-cpu min="74010" max="74010"/>
   <duration min="3655" max="3655"/>
  </symbol>
  <symbol id="59" call="MPI_Improbe" comm="0" tag="7" site="7" prev-site="3" occurrences="1" match="10">
   <peer kind="any"/>
   <side role="member" flags="true" events="1" count="0" rbytes="160"/>
   <compute min="1903" max="1903"/>
   <duration min="60" max="60"/>
  </symbol>
  <symbol id="60" call="MPI_Imrecv" comm="0" dtsize="8" site="8" prev-site="7" occurrences="1">
   <side role="member" events="1" count="20" bytes="160"/>
   <compute min="491" max="491"/>
   <duration min="370" max="370"/>
  </symbol>
  <symbol id="61" call="MPI_Isend" comm="0" tag="7" dtsize="8" site="2" prev-site="6" occurrences="1" match="13">
   <peer kind="reply"/>
   <side role="member" events="1" count="7" bytes="56"/>
   <compute min="35162" max="35162"/>
   <compute-cpu min="33249" max="33249"/>
   <duration min="691" max="691"/>
  </symbol>
  <symbol id="62" call="MPI_Mprobe" comm="0" tag="7" site="4" prev-site="3" occurrences="1" match="12">
   <peer kind="any"/>
   <side role="member" events="1" count="0" rbytes="56"/>
   <compute min="220" max="220"/>
   <duration min="210" max="210"/>
  </symbol>
  <symbol id="63" call="MPI_Mrecv" comm="0" dtsize="8" site="5" prev-site="4" occurrences="1">
   <side role="member" events="1" count="7" bytes="56" rbytes="56"/>
   <compute min="291" max="291"/>
   <duration min="210" max="210"/>
  </symbol>
  <symbol id="64" call="MPI_Isend" comm="0" tag="7" dtsize="8" site="2" prev-site="6" occurrences="1" match="15">
   <peer kind="reply"/>
   <side role="member" events="1" count="18" bytes="144"/>
   <compute min="33580" max="33580"/>
   <compute-cpu min="32719" max="32719"/>
   <duration min="2935" max="2935"/>
  </symbol>
  <symbol id="65" call="MPI_Mprobe" comm="0" tag="7" site="4" prev-site="3" occurrences="1" match="14">
   <peer kind="any"/>
   <side role="member" events="1" count="0" rbytes="144"/>
   <compute min="230" max="230"/>
   <duration min="60" max="60"/>
  </symbol>
  <symbol id="66" call="MPI_Mrecv" comm="0" dtsize="8" site="5" prev-site="4" occurrences="1">
   <side role="member" events="1" count="18" bytes="144" rbytes="144"/>
   <compute min="281" max="281"/>
   <duration min="120" max="120"/>
  </symbol>
  <symbol id="67" call="MPI_Isend" comm="0" tag="7" dtsize="8" site="2" prev-site="6" occurrences="1" match="17">
   <peer kind="reply"/>
   <side role="member" events="1" count="11" bytes="88"/>
   <compute min="33520" max="33520"/>
   <compute-cpu min="32689" max="32689"/>
   <duration min="131" max="131"/>
  </symbol>
  <symbol id="68" call="MPI_Improbe" comm="0" tag="7" site="7" prev-site="3" occurrences="1">
   <peer kind="any"/>
   <side role="member" events="1" count="0"/>
   <compute min="1713" max="1713"/>
   <duration min="170" max="170"/>
  </symbol>
  <symbol id="69" call="MPI_Improbe" comm="0" tag="7" site="7" prev-site="7" occurrences="1" match="16">
   <peer kind="any"/>
   <side role="member" flags="true" events="1" count="0" rbytes="88"/>
   <compute min="1983" max="1983"/>
   <duration min="50" max="50"/>
  </symbol>
  <symbol id="70" call="MPI_Imrecv" comm="0" dtsize="8" site="8" prev-site="7" occurrences="1">
   <side role="member" events="1" count="11" bytes="88"/>
   <compute min="300" max="300"/>
   <duration min="161" max="161"/>
  </symbol>
  <symbol id="71" call="MPI_Barrier" comm="0" site="10" prev-site="6" occurrences="1">
   <side role="member" events="1" count="0"/>
   <compute min="33540" max="33540"/>
   <compute-cpu min="32689" max="32689"/>
   <duration min="2684" max="2684"/>
  </symbol>
  <symbol id="72" call="MPI_Reduce" comm="0" dtsize="8" op="MPI_SUM" site="11" prev-site="10" occurrences="1">
   <root kind="abs" value="0"/>
   <side role="member" events="1" count="1" bytes="8"/>
   <compute min="1943" max="1943"/>
   <duration min="19890" max="19890"/>
  </symbol>
  <symbol id="73" call="MPI_Finalize" comm="0" site="12" prev-site="11" occurrences="1">
   <side role="member" events="1" count="0"/>
   <compute min="1292" max="1292"/>
   <duration min="0" max="0"/>
  </symbol>
  <block id="1" events="54" time-ns="879399.9999999999">
   <s ref="37"/>
   <s ref="38"/>
   <s ref="39"/>
   <s ref="40"/>
   <s ref="41"/>
   <s ref="42"/>
   <s ref="43"/>
   <s ref="44"/>
   <s ref="40"/>
   <s ref="45"/>
   <s ref="46"/>
   <s ref="43"/>
   <s ref="47"/>
   <s ref="40"/>
   <s ref="48"/>
   <s ref="49"/>
   <s ref="50"/>
   <s ref="51"/>
   <s ref="52"/>
   <s ref="40"/>
   <s ref="53"/>
   <s ref="54"/>
   <s ref="43"/>
   <s ref="55"/>
   <s ref="40"/>
   <s ref="56"/>
   <s ref="57"/>
   <s ref="43"/>
   <s ref="58"/>
   <s ref="40"/>
   <s ref="59"/>
   <s ref="60"/>
   <s ref="50"/>
   <s ref="51"/>
   <s ref="61"/>
   <s ref="40"/>
   <s ref="62"/>
   <s ref="63"/>
   <s ref="43"/>
   <s ref="64"/>
   <s ref="40"/>
   <s ref="65"/>
   <s ref="66"/>
   <s ref="43"/>
   <s ref="67"/>
   <s ref="40"/>
   <s ref="68"/>
   <s ref="69"/>
   <s ref="70"/>
   <s ref="50"/>
   <s ref="51"/>
   <s ref="71"/>
   <s ref="72"/>
   <s ref="73"/>
  </block>
 </class>
</signature>
